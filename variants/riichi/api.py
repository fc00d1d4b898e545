"""The riichi family's public API: what its deltas and other families may use (issue 37).

A delta (地雷, ブー, ラド, 三麻, the penalties ...) imports the riichi family only from here, so the family can
move its modules without breaking them; ``tests/variants/test_riichi_api.py`` holds every module outside
``variants/riichi`` to it. Each name is loaded on first use (PEP 562), so importing this module costs nothing
and a delta loads only the parts of the family it reads; mypy sees every name through the imports below.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass

# name -> (module, attribute): None for the module itself
_EXPORTS: dict[str, tuple[str, str | None]] = {
    "FIFTH_KAN_ABORTS": ("variants.riichi.kans", "FIFTH_KAN_ABORTS"),
    "KAN_KINDS": ("variants.riichi.kans", "KAN_KINDS"),
    "NAGASHI_MANGAN": ("variants.riichi.options", "NAGASHI_MANGAN"),
    "RIICHI": ("variants.riichi.vocabulary", "RIICHI"),
    "RiichiDetail": ("variants.riichi.detail", "RiichiDetail"),
    "STICK": ("variants.riichi.payments", "STICK"),
    "TERMS": ("variants.riichi.statistics", "TERMS"),
    "TSUMO_SHARE": ("variants.riichi.statistics", "TSUMO_SHARE"),
    "URA_DORA": ("variants.riichi.options", "URA_DORA"),
    "ValueHints": ("variants.riichi.hints", "ValueHints"),
    "base_points": ("variants.riichi.limits", "base_points"),
    "draws": ("variants.riichi.draws", None),
    "fu": ("variants.riichi.fu", "fu"),
    "furiten": ("variants.riichi.play", "furiten"),
    "hand_value": ("variants.riichi.payments", "hand_value"),
    "may_rob_ankan": ("variants.riichi.play", "may_rob_ankan"),
    "options": ("variants.riichi.options", None),
    "pao_base_of": ("variants.riichi.scorer", "pao_base_of"),
    "payments": ("variants.riichi.payments", "payments"),
    "play": ("variants.riichi.play", None),
    "rank_bonuses": ("variants.riichi.uma", "rank_bonuses"),
    "red_five_ids": ("variants.riichi.yaku", "red_five_ids"),
    "ron_value": ("variants.riichi.payments", "ron_value"),
    "round_up": ("variants.riichi.payments", "round_up"),
    "score_win": ("variants.riichi.scorer", "score_win"),
    "seat_waits": ("variants.riichi.waits", "seat_waits"),
    "settlement": ("variants.riichi.settlement", None),
    "spread_parser": ("variants.riichi.uma", "spread_parser"),
    "table_facts": ("variants.riichi.table_facts", None),
    "tenpai_seats": ("variants.riichi.draws", "tenpai_seats"),
    "tsumo_shares": ("variants.riichi.payments", "tsumo_shares"),
    "uma_numbers": ("variants.riichi.uma", "uma_numbers"),
    "value_of": ("variants.riichi.scorer", "value_of"),
    "waits_around_kan": ("variants.riichi.kans", "waits_around_kan"),
    "win_context": ("variants.riichi.play", "win_context"),
    "yaku": ("variants.riichi.yaku", None),
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """A public name of the family, imported from its module on first use."""
    if name not in _EXPORTS:
        raise AttributeError(f"variants.riichi.api has no {name!r}; the family's public names: {', '.join(__all__)}")
    module, attribute = _EXPORTS[name]
    loaded = importlib.import_module(module)
    value = loaded if attribute is None else getattr(loaded, attribute)
    globals()[name] = value  # the next use is a plain lookup
    return value


def __dir__() -> list[str]:
    """The public names."""
    return list(__all__)

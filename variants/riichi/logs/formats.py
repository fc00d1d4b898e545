"""The riichi family's log formats: tenhou.net/6 JSON and mjai JSONL (``mjsim_register_log_formats``)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from variants.riichi.logs.export import game_log_of
from variants.riichi.logs.load import write_tenhou6


def holds(rules) -> bool:
    """tenhou.net/6 holds riichi games only: the rule set's family (its first variant) must be riichi."""
    return bool(rules.ruleset.variants) and rules.ruleset.variants[0] == "riichi"


def write_tenhou6_text(game, agent_names: Sequence[str]) -> str:
    """One game as tenhou.net/6 JSON text (opens in viewers; ``mjsim replay`` replays it)."""
    return json.dumps(write_tenhou6(game_log_of(game, tuple(agent_names))), ensure_ascii=False)


write_tenhou6_text.suffix = ".json"  # type: ignore[attr-defined]  # the extension mjsim gives its files


def log_formats(rules) -> dict | None:
    """``{"tenhou6": writer, "mjai": writer}`` when the rules fit the formats (mjai: four seats only), else None."""
    if not holds(rules):
        return None
    from variants.riichi.mjai.logs import write_mjai_text

    four = rules.flow is not None and rules.flow.setup.seats == 4
    return {"tenhou6": write_tenhou6_text, **({"mjai": write_mjai_text} if four else {})}

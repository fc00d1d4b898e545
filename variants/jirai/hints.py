"""What 地雷麻雀 makes each yaku worth to a player who knows it (``mjsim_value_hints``).

Each pool yaku is risky by the chance it is forbidden, as far as the seat can tell (the dealer's knowledge or
the public belief, as in ``advice.py``); a win holding none of the forbidden yaku earns ``|F|`` bonus han.
"""

from __future__ import annotations

from mjsim.agents.observation import Observation
from mjsim.rules import Rules
from variants.jirai import options as opt
from variants.jirai.bots import forbidden_chance, known_count
from variants.jirai.matching import matched_names
from variants.jirai.state import pool
from variants.riichi.api import ValueHints

# A higher yaku that counts as its lower one unless jirai.exempt_higher exempts it (jirai.md §2).
_HIGHER = {"double_riichi": "riichi", "chinitsu": "honitsu"}
MAX_KEPT = 256  # hints kept (a few per hand: the dealer's and the others' view)
_KEPT: dict[tuple, tuple[Rules, ValueHints | None]] = {}


def value_hints(rules: Rules, obs: Observation) -> ValueHints | None:
    """Per pool yaku, the chance it is forbidden; the clean win's bonus (None when the count is hidden).

    Kept by what it reads (the rules, the seat's knowledge of the set or its count, the public history): the
    human player asks at every decision, and the belief over every possible set changes only between hands."""
    extra = obs.extra
    key = (id(rules), extra.get("jirai_forbidden"), extra.get("jirai_forbidden_count"), extra.get("jirai_public", ()))
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is rules:  # why the rules kept: an id is only unique while its object lives
        return kept[1]
    hints = _value_hints(rules, obs)
    if len(_KEPT) >= MAX_KEPT:
        _KEPT.clear()
    _KEPT[key] = (rules, hints)
    return hints


def _value_hints(rules: Rules, obs: Observation) -> ValueHints | None:
    """``value_hints``, worked out."""
    count = obs.extra.get("jirai_forbidden_count")
    if count is None and "jirai_forbidden" not in obs.extra:
        return None  # nothing to go on: no belief, so no advice
    risk = {name: forbidden_chance(obs, rules, frozenset({name})) for name in pool(rules)}
    exempt = rules[opt.EXEMPT_HIGHER]
    risk.update({higher: risk[lower] for higher, lower in _HIGHER.items() if higher not in exempt and lower in risk})
    # why: the scorer names each 役牌 by its tile (dragon_white, seat_wind_east, ...); a player reading a scored
    # win looks those names up, a player planning a hand the pool's name
    risk.update({name: p for pool_name, p in list(risk.items()) for name in matched_names(pool_name)})
    bonus = known_count(obs) if rules[opt.BONUS_HAN_EQUALS_COUNT] else 0
    return ValueHints(yaku_risk=risk, clean_han=bonus)

"""Which pool yaku a win contains, and whether it is clean, reversed or exempt (jirai.md §2, §5)."""

from __future__ import annotations

from variants.jirai import options as opt

_WIND_NAMES = ("east", "south", "west", "north")
_YAKUHAI = frozenset(
    [f"seat_wind_{w}" for w in _WIND_NAMES]
    + [f"round_wind_{w}" for w in _WIND_NAMES]
    + ["dragon_white", "dragon_green", "dragon_red"]
)
_DRAGONS = frozenset(("dragon_white", "dragon_green", "dragon_red"))
# Pool name -> the scored yaku names it matches.
_MATCHES = {
    "riichi": frozenset(("riichi",)),
    "menzen_tsumo": frozenset(("menzen_tsumo",)),
    "pinfu": frozenset(("pinfu",)),
    "tanyao": frozenset(("tanyao",)),
    "yakuhai": _YAKUHAI,
    "chiitoitsu": frozenset(("chiitoitsu",)),
    "honitsu": frozenset(("honitsu",)),
}
# A higher yaku replaces its lower one in the scored list; when not exempt it counts as the lower one.
_HIGHER = {"double_riichi": "riichi", "chinitsu": "honitsu"}

CLEAN, REVERSED, EXEMPT = "clean", "reversed", "exempt"


def matched_names(pool_name: str) -> frozenset[str]:
    """The scored yaku names a pool name matches (a name outside the pool: none)."""
    return _MATCHES.get(pool_name, frozenset())


def pool_hits(hits, rules) -> frozenset[str]:
    """The pool names a win's yaku list contains (dora and other bonus hits never do)."""
    names = {h.name for h in hits if not h.bonus}
    if "shousangen" in names and rules[opt.SHOUSANGEN_EXEMPTS_FANPAI]:
        names -= _DRAGONS  # why: this reading makes 小三元 the higher yaku of its dragon yakuhai
    found = {pool for pool, matched in _MATCHES.items() if names & matched}
    exempt = rules[opt.EXEMPT_HIGHER]
    found |= {lower for higher, lower in _HIGHER.items() if higher in names and higher not in exempt}
    return frozenset(found)


def exempt(score, rules) -> bool:
    """Yakuman (and kazoe yakuman by option) are never forbidden and get no bonus."""
    if score.detail.yakuman:
        return True
    return bool(rules[opt.KAZOE_IS_YAKUMAN] and score.detail.limit and score.detail.limit.startswith("kazoe"))


def classify(score, forbidden, rules) -> str:
    """CLEAN, REVERSED or EXEMPT for a win scored ``score`` under the forbidden set."""
    if exempt(score, rules):
        return EXEMPT
    return REVERSED if pool_hits(score.hits, rules) & frozenset(forbidden) else CLEAN

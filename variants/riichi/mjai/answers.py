"""The engine's legal actions in mjai words (``possible_actions``), and a bot's answer matched to one of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.engine.actions import (
    ABORT,
    ANKAN,
    CHI,
    DECLARE_DISCARD,
    DISCARD,
    KAKAN,
    KAN,
    PASS,
    PON,
    RON,
    TSUMO,
    Action,
)
from mjsim.errors import MjsimError
from variants.riichi.mjai.tiles import parse_name

SPOKEN = frozenset({DISCARD, DECLARE_DISCARD, TSUMO, RON, ANKAN, KAKAN, ABORT, CHI, PON, KAN, PASS})
"""The action kinds the protocol can ask for; any other decision (a variant's) is the seat's default policy's."""
_CALL_TYPES = {CHI: "chi", PON: "pon", KAN: "daiminkan"}


def as_mjai(action: Action, seat: int, target: int | None, name) -> dict[str, Any]:
    """One legal action as the mjai message that takes it (``name``: tile id -> mjai name)."""
    kind = action.kind
    if kind in (TSUMO, RON):
        return {"type": "hora", "actor": seat, "target": seat if kind == TSUMO else target, "pai": name(action.tile)}
    if kind == DECLARE_DISCARD:
        return {"type": "reach", "actor": seat}
    if kind == ANKAN:
        return {"type": "ankan", "actor": seat, "consumed": [name(t) for t in action.tiles]}
    if kind == KAKAN:
        consumed = [name(t) for t in action.tiles]
        return {"type": "kakan", "actor": seat, "pai": name(action.tile), "consumed": consumed}
    if kind in _CALL_TYPES:
        consumed = [name(t) for t in action.tiles]
        return {
            "type": _CALL_TYPES[kind],
            "actor": seat,
            "target": target,
            "pai": name(action.tile),
            "consumed": consumed,
        }
    if kind == ABORT:
        return {"type": "ryukyoku", "actor": seat, "reason": "kyushukyuhai"}
    if kind == PASS:
        return {"type": "none"}
    return {"type": "dahai", "actor": seat, "pai": name(action.tile)}


def possible_actions(actions: Sequence[Action], seat: int, target: int | None, name) -> list[dict[str, Any]]:
    """The ``possible_actions`` of a decision: every legal action but the discards (one ``reach`` at most)."""
    out: list[dict[str, Any]] = []
    for a in actions:
        if a.kind == DISCARD:
            continue
        message = as_mjai(a, seat, target, name)
        if message not in out:
            out.append(message)
    return out


def cannot_dahai(actions: Sequence[Action], kind: str, name, held: Sequence[str]) -> list[str]:
    """The tiles of the hand (``held``) that may not be discarded now (after a call, or when declaring riichi)."""
    allowed = {name(a.tile) for a in actions if a.kind == kind}
    return sorted(set(held) - allowed)


def match(answer: dict[str, Any], actions: Sequence[Action], kinds: frozenset[str], name, drawn: int | None):
    """The legal action (of ``kinds``) the answer takes, or None when it takes none of them.

    A discard names a tile; of several copies, ``tsumogiri`` picks the drawn one or another. Calls and kans
    must name their tiles (``consumed``) as one legal option does; a win or a riichi is matched by its type.
    """
    wanted = answer.get("type")
    if wanted == "dahai":
        return _discard(answer, [a for a in actions if a.kind in kinds & {DISCARD, DECLARE_DISCARD}], name, drawn)
    for a in actions:
        if a.kind not in kinds or a.kind == DISCARD:
            continue
        offered = as_mjai(a, 0, None, name)
        if offered["type"] != wanted:
            continue
        if wanted in ("hora", "reach", "none", "ryukyoku"):
            return a
        if wanted != "ankan" and answer.get("pai") != offered.get("pai"):
            continue
        if _same_tiles(answer.get("consumed"), offered["consumed"], loose_red=wanted == "ankan"):
            return a
    return None


def _discard(answer: dict[str, Any], options: list[Action], name, drawn: int | None) -> Action | None:
    same = sorted((a for a in options if name(a.tile) == answer.get("pai")), key=lambda a: bool(a.tiles))
    if not same:
        return None
    if answer.get("tsumogiri") is True:
        return next((a for a in same if a.tile == drawn), same[0])
    return next((a for a in same if a.tile != drawn), same[0])


def _same_tiles(given: Any, offered: list[str], loose_red: bool) -> bool:
    """The answer's ``consumed`` is the offered one (any order; an ankan's red five may go unnamed)."""
    if not isinstance(given, list):
        return False
    if loose_red:
        try:
            return sorted(parse_name(t)[0] for t in given) == sorted(parse_name(t)[0] for t in offered)
        except MjsimError:  # a bad name is no match; the seat reports the answer as sent
            return False
    return sorted(map(str, given)) == sorted(offered)

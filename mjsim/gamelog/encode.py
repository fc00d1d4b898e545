"""Plain JSON for the engine's values: actions, transfers, scores, events (the log's vocabulary)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from mjsim.engine.actions import Action, Event, Transfer
from mjsim.scoring import Meld, Score
from mjsim.scoring.report import hit_json

# Events whose data is one tile, and calls whose data is (tile, tiles used, seat called from).
_TILE_EVENTS = frozenset({"draw", "discard", "declare_discard", "bonus", "set_aside", "indicator", "kakan"})
_CALL_EVENTS = frozenset({"chi", "pon", "kan"})


def plain(value: Any) -> Any:
    """``value`` as JSON data: tuples and sets become lists, named tuples and dataclasses objects."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Action):
        return action_json(value)
    if isinstance(value, Transfer):
        return dict(value._asdict())
    if isinstance(value, Score):
        return score_json(value)
    if isinstance(value, Meld):
        return {"type": value.type, "tiles": list(value.tiles), "called": value.called, "from": value.from_seat}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if hasattr(value, "_asdict"):
        return plain(value._asdict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain({f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)


def action_json(action: Action | None) -> dict[str, Any] | None:
    """An action as ``{"kind", "tile", "tiles"}`` (tile and tiles left out when empty)."""
    if action is None:
        return None
    data: dict[str, Any] = {"kind": action.kind}
    if action.tile is not None:
        data["tile"] = action.tile
    if action.tiles:
        data["tiles"] = list(action.tiles)
    return data


def action_of(data: Mapping[str, Any] | None) -> Action | None:
    """The action a logged ``{"kind", "tile", "tiles"}`` names."""
    if data is None:
        return None
    return Action(data["kind"], data.get("tile"), tuple(data.get("tiles", ())))


def score_json(score: Score, unit: str = "points") -> dict[str, Any]:
    """A win's score: value, payments by seat wind, each hit, the family's detail and the lines it reads as
    (in the family's ``unit``)."""
    return {
        "value": score.value,
        "payments": list(score.payments),
        "hits": [hit_json(h) for h in score.hits],
        "detail": plain(score.detail.record()),
        "report": plain(score.detail.report()),
        "lines": [line.strip() for line in score.detail.lines(unit)],
        "label": score.detail.label(),
    }


def event_json(event: Event, unit: str = "points") -> dict[str, Any]:
    """An event as ``{"kind", "seat", ...}`` with named fields for the core's own event kinds."""
    kind, seat, data = event
    out: dict[str, Any] = {"kind": kind, "seat": seat}
    if kind in _TILE_EVENTS:
        out["tile"] = data
    elif kind in _CALL_EVENTS and isinstance(data, tuple) and len(data) == 3:
        out.update(tile=data[0], tiles=list(data[1]), **{"from": data[2]})
    elif kind == "ankan":
        out["tiles"] = list(data)
        if not data:  # laid face down (TableSetup.face_down_kans): its tiles come in a "reveal" at the hand's end
            out["face_down"] = True
    elif kind == "reveal":
        out["tiles"] = list(data)
    elif kind == "deal":
        out["hands"] = plain(data)
    elif kind in ("transfer", "side_transfer"):
        out.update(plain(data))
    elif kind == "win":
        out.update(tile=data["tile"], **{"from": data["from"]}, score=score_json(data["score"], unit))
        out["hidden_indicators"] = list(data["hidden_indicators"])
    elif kind in ("refused", "declare", "bonus_choice"):
        out["action"] = action_json(data)
    elif kind == "pass":
        out.update(to=data[0], tile=data[1])
    elif kind == "draw_end":
        out["outcome"] = plain(data)
    elif kind == "game_end":
        out["final"] = plain(data)
    elif isinstance(data, Mapping) and not {"kind", "seat"} & set(data):
        out.update(plain(data))
    elif data is not None:
        out["data"] = plain(data)
    return out

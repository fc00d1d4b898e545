"""A table whose concealed kans lie face down (台湾, taiwan.md §4: "Concealed kongs are placed face down and
revealed only at the end of the hand"): another seat's view and the log's events hide the tiles until then."""

from __future__ import annotations

import pytest

from mjsim.agents import observation
from mjsim.agents.observation import observe
from mjsim.checking.invariants import observations_hide
from mjsim.engine import core
from mjsim.engine.actions import ANKAN, PASS, Action
from mjsim.gamelog.encode import event_json
from mjsim.rules import RuleSet
from mjsim.scoring import Meld


def _game_with_a_concealed_kong(mode: str):
    """A 台湾 game in which the first seat offered a concealed kong declares it."""
    rules = RuleSet.resolve("taiwan", {"taiwan.concealed_kongs": mode}).compile()
    for seed in range(400):
        game = core.new_game(rules, seed)
        offers = core.pending(game)
        for seat, actions in offers.items():
            kong = next((a for a in actions if a.kind == ANKAN), None)
            if kong is not None:
                core.step(game, {seat: kong})
                return game, seat, kong
    raise AssertionError("no concealed kong offered on a first turn in 400 deals")


def test_another_seat_cannot_see_a_face_down_kong():
    game, owner, kong = _game_with_a_concealed_kong("face_down")
    other = (owner + 1) % game.seat_count
    seen = {t for melds in observe(game, other).melds for m in melds for t in m.tiles}
    assert observe(game, other).melds[owner] == (Meld("ankan", ()),)
    assert not seen & set(kong.tiles)
    assert observe(game, other).last_discard is None  # nor while nobody may rob it
    assert observe(game, owner).melds[owner][0].tiles == kong.tiles  # its owner sees its own tiles
    assert observations_hide(game) is None


def test_face_up_kongs_are_public():
    game, owner, kong = _game_with_a_concealed_kong("face_up")
    assert observe(game, (owner + 1) % game.seat_count).melds[owner][0].tiles == kong.tiles


def test_the_invariant_catches_a_view_that_shows_a_face_down_kong(monkeypatch):
    """The core invariant (run by --check) holds every view to the table's face-down kongs."""
    game, _, _ = _game_with_a_concealed_kong("face_down")

    leaking = observation.observe

    def leak(game_, seat):
        obs = leaking(game_, seat)
        obs.melds = tuple(tuple(s.melds) for s in game_.hand.seats)
        return obs

    monkeypatch.setattr(observation, "observe", leak)
    assert "sees hidden tiles" in (observations_hide(game) or "")


@pytest.mark.parametrize("mode", ["face_down", "face_up"])
def test_the_log_hides_the_tiles_until_the_hand_ends(mode):
    game, owner, kong = _game_with_a_concealed_kong(mode)
    while game.hand is not None and game.hand.index == 0:
        core.step(game, {s: (Action(PASS) if Action(PASS) in a else a[0]) for s, a in core.pending(game).items()})
    events = [event_json(e) for e in game.log]
    declared = next(e for e in events if e["kind"] == "ankan")
    reveals = [e for e in events if e["kind"] == "reveal"]
    if mode == "face_down":
        assert declared == {"kind": "ankan", "seat": owner, "tiles": [], "face_down": True}
        assert reveals == [{"kind": "reveal", "seat": owner, "tiles": list(kong.tiles)}]
        assert events.index(reveals[0]) > max(i for i, e in enumerate(events) if e["kind"] in ("win", "draw_end"))
    else:
        assert declared["tiles"] == list(kong.tiles) and not reveals


def test_the_written_game_log_shows_the_kong_face_down_until_its_reveal():
    """mjsim's game log of such a game: the `ankan` event has no tiles and `face_down`, a `reveal` after the end."""
    from mjsim.gamelog.write import game_log

    game, owner, kong = _game_with_a_concealed_kong("face_down")
    while game.hand is not None and game.hand.index == 0:
        core.step(game, {s: (Action(PASS) if Action(PASS) in a else a[0]) for s, a in core.pending(game).items()})
    events = game_log(game, ["efficiency"] * 4)["hands"][0]["events"]
    kinds = [e["kind"] for e in events]
    declared = events[kinds.index("ankan")]
    assert declared["face_down"] and declared["tiles"] == []
    reveal = events[kinds.index("reveal")]
    assert reveal == {"kind": "reveal", "seat": owner, "tiles": list(kong.tiles)}
    assert kinds.index("reveal") > kinds.index("ankan")

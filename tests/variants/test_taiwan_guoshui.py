"""過水 (taiwan.md §6) and the call rules (§4, §7) on dealt tables: every step of the state machine."""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.engine import core
from mjsim.engine.actions import CHI, DECLARE_DISCARD, DECLINE_DRAW, DISCARD, DRAW, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.engine.offers import drawable
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet
from variants.taiwan import guoshui

PRESET = "taiwan"
READY_8P = "123456789m123p79p55s"  # waits 8p only (a closed wait)
DEALER = "111222333444z567z8p"  # holds the 8p it discards first


@cache
def rules(**overrides):
    """No flowers, the dealer East, no 一路歸西: tables play exactly as dealt."""
    base = {"flowers": False, "seat_wind_mode": "dealer_is_east", "yilu_guixi": False}
    return RuleSet.resolve(PRESET, {f"taiwan.{k}": v for k, v in {**base, **overrides}.items()}).compile()


def table(hands: list[str], draws: str, r=None):
    """A hand dealt as given (seat 0 deals) whose next draws are ``draws``, in turn order."""
    r = r or rules()
    used: set[int] = set()
    dealt = [t for h in hands for t in parse_tiles(h, 0, used)]
    drawn = parse_tiles(draws, 0, used)
    rest = [t for t in r.flow.setup.tiles if t not in used]
    return core.game_at(
        r, scores=[0] * 4, dealer=0, round_index=0, honba=0, table=0, walls=(dealt + drawn + rest, [], [])
    )


def kinds(actions, kind):
    """The tile kinds of the offered actions of one kind."""
    return {kind_of(a.tile) for a in actions if a.kind == kind}


def k(text: str) -> int:
    """The kind of one tile in mpsz."""
    return kind_of(parse_tiles(text, 0)[0])


def advance(game, **choices):
    """One step: ``seat<N>=(kind, tile text)`` picks for a seat; the rest pass, or discard what they drew."""
    offered = core.pending(game)
    chosen = {}
    for seat, actions in offered.items():
        want = choices.get(f"seat{seat}")
        if want is not None:
            kind, tile = want
            chosen[seat] = next(a for a in actions if a.kind == kind and (tile is None or kind_of(a.tile) == k(tile)))
        else:
            chosen[seat] = next((a for a in actions if a.kind == PASS), actions[0])
    core.step(game, chosen)
    return game


OTHERS = ["222888m222888s1p4p9s9s", "333777m333777s6p6p2p2p"]  # seats 2 and 3: 16 tiles that stay out of it


def test_passing_a_winning_tile_blocks_ron_and_tsumo():
    """Seat 1 lets 8p pass: blocked; drawing 8p it may not tsumo; discarding that 8p keeps it blocked."""
    game = table([DEALER, READY_8P, *OTHERS], "5z8p")
    advance(game, seat0=(DISCARD, "8p"))
    assert RON in {a.kind for a in core.pending(game)[1]}
    advance(game, seat1=(PASS, None))
    assert guoshui.blocked(game, 1)
    assert TSUMO not in {a.kind for a in core.pending(game)[1]}
    advance(game, seat1=(DISCARD, "8p"))
    assert guoshui.blocked(game, 1)


def test_a_discard_outside_the_waits_clears_the_block():
    """Blocked seat 1 draws 5z and lets it go (not a wait): free again, it may ron 8p from seat 2."""
    game = table([DEALER, READY_8P, *OTHERS], "6z5z8p")
    advance(game, seat0=(DISCARD, "8p"))
    advance(game, seat1=(PASS, None))
    advance(game, seat1=(DISCARD, "5z"))
    assert not guoshui.blocked(game, 1)
    advance(game, seat2=(DISCARD, "8p"))
    assert RON in {a.kind for a in core.pending(game)[1]}


def test_same_go_around_blocks_a_later_discard():
    """Seat 1 lets seat 2's 8p pass; seat 3's 8p in the same go-around is no win for it."""
    game = table([DEALER, READY_8P, *OTHERS], "6z5z8p8p")
    advance(game, seat0=(DISCARD, "6z"))
    advance(game, seat1=(DISCARD, "5z"))
    advance(game, seat2=(DISCARD, "8p"))
    advance(game, seat1=(PASS, None))
    advance(game, seat3=(DISCARD, "8p"))
    offered = core.pending(game).get(1, [])
    assert RON not in {a.kind for a in offered}


def test_declining_a_tsumo_keeps_the_block():
    """Seat 1 (waiting on 5s and 5z) draws 5z, declines the win and discards it: waiting on 5z again, its own
    discard blocks it, so seat 2's 5s is no win for it."""
    ready = "123456789m123p55s55z"
    game = table([DEALER, ready, *OTHERS], "7p5z5s")
    advance(game, seat0=(DISCARD, "6z"))
    assert TSUMO in {a.kind for a in core.pending(game)[1]}
    advance(game, seat1=(DISCARD, "5z"))
    assert guoshui.blocked(game, 1)
    advance(game, seat2=(DISCARD, "5s"))
    assert RON not in {a.kind for a in core.pending(game).get(1, [])}


def test_guoshui_off_lets_the_blocked_tsumo_through():
    """With 過水 off, the seat that let 8p pass may still tsumo on 8p."""
    game = table([DEALER, READY_8P, *OTHERS], "5z8p", r=rules(guoshui="off"))
    advance(game, seat0=(DISCARD, "8p"))
    advance(game, seat1=(PASS, None))
    assert TSUMO in {a.kind for a in core.pending(game)[1]}


def test_no_pon_of_a_kind_seen_this_go_around():
    """Seat 2 passes the dealer's 5z; when seat 1 discards 5z in the same go-around, no pon is offered."""
    seat2 = "222888m222888s55z9s9s"
    game = table([DEALER, READY_8P, seat2, OTHERS[1]], "1z5z")
    advance(game, seat0=(DISCARD, "5z"))
    assert PON in {a.kind for a in core.pending(game)[2]}
    advance(game, seat2=(PASS, None))
    advance(game, seat1=(DISCARD, "5z"))
    assert PON not in {a.kind for a in core.pending(game).get(2, [])}


@pytest.mark.parametrize(
    ("holder", "kong"),
    [pytest.param(1, False, id="left-player-discard-no-kong"), pytest.param(2, True, id="opposite-discard-kong")],
)
def test_no_exposed_kong_on_the_left_players_discard(holder, kong):
    """A triplet of 6s may pon the dealer's 6s; the big open kong only from a seat other than the next one."""
    hands = ["111222333444z567z6s", READY_8P, *OTHERS]
    hands[holder] = "666s123456789m1p2p4p9p" if holder == 1 else "666s222888m222888s9p"
    game = table(hands, "7z")
    advance(game, seat0=(DISCARD, "6s"))
    offered = {a.kind for a in core.pending(game)[holder]}
    assert PON in offered
    assert (KAN in offered) is kong


def test_kuikae_after_chi():
    """Holding 234p and chi-ing 5p with 34p, seat 1 may not discard 2p (the swap tile) nor 5p."""
    seat1 = "234p34p123456789m5s9s"
    game = table(["111222333444z567z5p", seat1, *OTHERS], "6z")
    advance(game, seat0=(DISCARD, "5p"))
    advance(game, seat1=(CHI, "5p"))
    offered = kinds(core.pending(game)[1], DISCARD)
    assert k("2p") not in offered and k("5p") not in offered and k("3p") in offered


def test_migi_offered_in_the_window_then_locks_the_hand():
    """A ready dealer may declare MIGI on its first discard; afterwards it can only let its draws go or win."""
    game = table([READY_8P, *OTHERS, "444555666m444s1p999p"], "5s1z")
    assert DECLARE_DISCARD in {a.kind for a in core.pending(game)[0]}
    advance(game, seat0=(DECLARE_DISCARD, "5s"))
    while not (game.hand.phase == "turn" and game.hand.current == 0):
        advance(game)
    mine = core.pending(game)[0]
    assert {a.kind for a in mine} <= {DISCARD, TSUMO} and len(kinds(mine, DISCARD)) == 1


@pytest.mark.parametrize(
    ("draws_left", "expected"),
    [pytest.param(60, PASS, id="early-lets-the-ron-pass"), pytest.param(10, RON, id="late-takes-the-ron")],
)
def test_tsumo_hunter_bot(draws_left, expected):
    """The taiwan_tsumo bot lets a ron pass while many tiles are left (the play 過水 punishes), not late."""
    import random
    from dataclasses import replace

    from mjsim.agents import make_agent
    from mjsim.agents.observation import observe

    game = table([DEALER, READY_8P, *OTHERS], "5z8p")
    advance(game, seat0=(DISCARD, "8p"))
    obs = replace(observe(game, 1), wall_left=16 + draws_left)
    assert make_agent("taiwan_tsumo", random.Random(1), game.rules).act(obs, core.pending(game)[1]).kind == expected
    assert make_agent("taiwan", random.Random(1), game.rules).act(obs, core.pending(game)[1]).kind == RON


# --- The last tile (§3): it may be declined; drawn, it must be discarded and can only be won on ---------------

LAST_TILE_HANDS = [
    "111222333444z567z1p",  # seat 0 (dealer): honours, far from ready
    READY_8P,  # seat 1: waits 8p only
    "222888m222888s1p4p8p8p",  # seat 2: a pair of 8p, which could pon any other 8p discard
    "333777m333777s6p6p2p2p",  # seat 3: draws the last tile
]


def last_tile_table():
    """The hands above; the last drawable tile is an 8p, the only other 8p lies in the reserve (never drawn)."""
    r = rules()
    used: set[int] = set()
    dealt = [t for h in LAST_TILE_HANDS for t in parse_tiles(h, 0, used)]
    final = parse_tiles("8p", 0, used)
    eights = [t for t in r.flow.setup.tiles if t not in used and kind_of(t) == k("8p")]
    rest = [t for t in r.flow.setup.tiles if t not in used and kind_of(t) != k("8p")]
    before = len(rest) - (r.flow.setup.reserve - len(eights))  # the ordinary tiles drawn before the last one
    wall = dealt + rest[:before] + final + rest[before:] + eights
    return core.game_at(r, scores=[0] * 4, dealer=0, round_index=0, honba=0, table=0, walls=(wall, [], []))


def play_to_the_last_draw(game):
    """Everyone lets every discard pass and discards what it drew, until the first choice before a draw."""
    while core.pending(game) and game.hand.phase != "predraw":  # pending first: a discard nobody answers passes
        assert game.hand.index == 0, "the first hand ended without a choice before its last draw"
        advance(game)
    return game


def test_the_last_tile_may_be_declined_and_the_hand_is_a_draw():
    """Only the seat about to draw the last drawable tile is asked; declining ends the hand, the dealer repeats."""
    game = play_to_the_last_draw(last_tile_table())
    assert drawable(game, game.hand) == 1
    assert core.pending(game) == {3: [Action(DRAW), Action(DECLINE_DRAW)]}
    advance(game, seat3=(DECLINE_DRAW, None))
    record = game.history[-1]
    assert (record["draw"], record["seat"], record["taiwan.dealer_kept"]) == (DECLINE_DRAW, 3, 1)
    assert game.dealer == 0 and game.hand.index == 1


def test_the_last_tile_drawn_must_be_discarded_and_can_only_be_won_on():
    """河底: drawn, the last tile is the only discard; no seat may pon it, the seat waiting on it may ron."""
    game = play_to_the_last_draw(last_tile_table())
    advance(game, seat3=(DRAW, None))
    mine = core.pending(game)[3]
    assert [(a.kind, kind_of(a.tile)) for a in mine] == [(DISCARD, k("8p"))]
    advance(game)
    assert {seat: {a.kind for a in acts} for seat, acts in core.pending(game).items()} == {1: {PASS, RON}}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param(LAST_TILE_HANDS[0], DECLINE_DRAW, id="not-ready-declines"),
        pytest.param(READY_8P, DRAW, id="ready-draws"),
    ],
)
def test_last_tile_decliner_bot(hand, expected):
    """The taiwan_decline bot declines the last tile unless ready; the default taiwan bot always draws."""
    import random
    from dataclasses import replace

    from mjsim.agents import make_agent
    from mjsim.agents.observation import observe
    from mjsim.hand.notation import parse_counts

    game = play_to_the_last_draw(last_tile_table())
    obs = replace(observe(game, 3), counts=tuple(parse_counts(hand)))
    offered = core.pending(game)[3]
    assert make_agent("taiwan_decline", random.Random(1), game.rules).act(obs, offered).kind == expected
    assert make_agent("taiwan", random.Random(1), game.rules).act(obs, offered).kind == DRAW

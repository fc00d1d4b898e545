"""八連荘 (variants/paarenchan, other_variants.md §4): the streak, its options, the award in play and alone."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.checking.invariants import check_invariants
from mjsim.cli import cli
from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from variants.paarenchan import checks
from variants.paarenchan.streak import qualifies, streak


@cache
def rules(**overrides):
    """The paarenchan preset (Tenhou rules, dealer_only), with ``paarenchan.<name>`` overrides."""
    return RuleSet.resolve("paarenchan", {f"paarenchan.{k}": v for k, v in overrides.items()}).compile()


def won(seat, dealer):
    """A finished hand won by ``seat`` with ``dealer`` dealing."""
    return {"dealer": dealer, "wins": [{"seat": seat}]}


def drawn(dealer):
    """A finished hand without a winner."""
    return {"dealer": dealer, "draw": "exhaustive"}


def history(*records):
    """Records numbered as the engine numbers hands."""
    return [{"hand": i, **r} for i, r in enumerate(records)]


# --- The streak --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("records", "overrides", "seat", "count"),
    [
        pytest.param([won(0, 0)] * 7, {}, 0, 7, id="seven-dealer-wins"),
        pytest.param([won(1, 0)] + [won(0, 0)] * 3, {}, 0, 3, id="another-winner-breaks"),
        pytest.param([won(0, 0)] * 3 + [drawn(0)] + [won(0, 0)] * 2, {}, 0, 2, id="draw-breaks"),
        pytest.param(
            [won(0, 0)] * 3 + [drawn(0)] + [won(0, 0)] * 2, {"draw_breaks_streak": False}, 0, 5, id="draw-skipped"
        ),
        pytest.param([won(2, 1)] * 2 + [won(2, 2)] * 3, {}, 2, 3, id="dealer_only-counts-dealer-wins"),
        pytest.param([won(2, 1)] * 2 + [won(2, 2)] * 3, {"mode": "any_player"}, 2, 5, id="any_player-counts-all"),
    ],
)
def test_streak(records, overrides, seat, count):
    """Consecutive hands won just before now, by the rules of §4."""
    assert streak(history(*records), seat, rules(**overrides).values) == count


@pytest.mark.parametrize(
    ("count", "overrides", "dealer", "award"),
    [
        pytest.param(7, {}, True, True, id="eighth-win"),
        pytest.param(6, {}, True, False, id="seventh-win"),
        pytest.param(8, {}, True, True, id="ninth-win-continues"),
        pytest.param(8, {"continues_after_eighth": False}, True, False, id="ninth-win-stops"),
        pytest.param(7, {}, False, False, id="dealer_only-non-dealer"),
        pytest.param(7, {"mode": "any_player"}, False, True, id="any_player-non-dealer"),
        pytest.param(7, {"mode": "off"}, True, False, id="off"),
    ],
)
def test_qualifies(count, overrides, dealer, award):
    """The award: the eighth win, later ones by option, the dealer's only under dealer_only, never when off."""
    assert qualifies(count, rules(**overrides).values, dealer) is award


# --- Standalone scoring ------------------------------------------------------------------------------------


def score(hand, win, streak_count, r=None, **kw):
    """A dealer's ron from West with ``paarenchan.streak`` in the context."""
    ctx = mjsim.win_context(hand, win, seat_wind="E", discarder="W", **kw)
    extra = {} if streak_count is None else {"paarenchan.streak": streak_count}
    return mjsim.score(replace(ctx, extra=extra), r or rules())


def test_eighth_win_is_a_yakuman():
    """A dealer's legal 1-han win after 7 straight wins is a yakuman: 48,000."""
    plain = score("123m456m789p234s55p", "4s", 6)
    award = score("123m456m789p234s55p", "4s", 7)
    assert not plain.detail.yakuman and plain.value == 1500
    assert [(h.name, h.title) for h in award.hits] == [("paarenchan", "八連荘")] and award.value == 48000


def test_the_win_must_still_be_legal():
    """Without a yaku the eighth win is no win at all."""
    with pytest.raises(MjsimError, match="no yaku"):
        score("234m789p234s55p", "4s", 7, melds=["chi:789p"])


def test_yakuman_hand_counts_composite():
    """A yakuman hand completing the streak is a double yakuman (composite yakuman on)."""
    s = score("119m19p19s1234567z", "7z", 7)
    assert s.detail.yakuman == 2 and {h.name for h in s.hits} == {"kokushi", "paarenchan"}


def test_score_cli_extra_streak():
    """mjsim score --plugin paarenchan --extra paarenchan.streak=7 (and a bad value is one line, exit 2)."""
    args = ["score", "123m456m789p234s55p", "--win", "4s", "--dealer", "--from", "W", "--plugin", "paarenchan"]
    args += ["--set", "paarenchan.mode=dealer_only"]
    ok = CliRunner().invoke(cli, args + ["--extra", "paarenchan.streak=7"])
    assert ok.exit_code == 0 and "八連荘" in ok.output and "value 48000" in ok.output
    bad = CliRunner().invoke(cli, args + ["--extra", "paarenchan.streak=many"])
    assert bad.exit_code == 2 and "paarenchan.streak" in bad.output and "Traceback" not in bad.output


# --- Play --------------------------------------------------------------------------------------------------


def _first_hand_after_streak(r, seed):
    """Play one hand of a game whose dealer is given 7 straight wins before it; the hand's record."""
    game = core.new_game(r, seed)
    game.history = [{"hand": i - 7, **won(game.dealer, game.dealer)} for i in range(7)]
    agents = [make_agent("efficiency", random.Random(i), game.rules) for i in range(4)]
    while not game.over and not any(h["hand"] == 0 for h in game.history):
        offers = core.pending(game)
        core.step(game, {s: agents[s].act(observe(game, s), a) for s, a in offers.items()})
        assert not check_invariants(game)
    return game, next(h for h in game.history if h["hand"] == 0)


def test_award_in_play_after_seven_dealer_wins():
    """In a game where the dealer already won 7 in a row, the dealer's next win is a paid yakuman."""
    for seed in range(60):
        game, record = _first_hand_after_streak(rules(), seed)
        if any(w["seat"] == game.history[0]["dealer"] for w in record.get("wins", [])):
            break
    else:
        pytest.fail("no dealer win in the first hand of 60 games")
    assert record["paarenchan.awards"] == 1 and record["wins"][0]["yakuman"] >= 1
    assert game.stash[checks.WINS][0]["awarded"] and max(record["deltas"]) >= 48000


def test_never_awarded_when_off():
    """mode off: the same streak earns nothing, and the invariant agrees."""
    for seed in range(60):
        game, record = _first_hand_after_streak(rules(mode="off"), seed)
        if record.get("wins"):
            assert record["paarenchan.awards"] == 0 and checks.award_follows_streak(game) is None
            return
    pytest.fail("no win in the first hand of 60 games")


def test_invariant_flags_an_undeserved_award():
    """An award without the streak (or a missing one) is a violation."""
    game = core.new_game(rules(), 1)
    game.stash[checks.WINS] = [{"hand": 0, "seat": 0, "dealer": True, "awarded": True}]
    assert checks.award_follows_streak(game)
    game.history = [{"hand": i - 7, **won(0, 0)} for i in range(7)]
    assert checks.award_follows_streak(game) is None
    game.stash[checks.WINS][0]["awarded"] = False
    assert checks.award_follows_streak(game)


@pytest.mark.parametrize("mode", ["dealer_only", "any_player"])
def test_games_have_no_violations(mode):
    """Whole games with the invariants checked after every step."""
    records = run_games(rules(mode=mode), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0

"""ブー麻雀 (/work/shared/rules/boo.md): the worked examples of §7, option defaults, and seeded games."""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.hand.notation import parse_tiles
from mjsim.rules import RuleSet
from mjsim.rules.options import Rules
from mjsim.runner.games import run_games
from mjsim.scoring import Meld, WinContext
from variants.boo import options as boo_options
from variants.boo.scoring import _classic_shares, score
from variants.boo.tops import end_reasons, forbidden, top_type
from variants.riichi.table_facts import table_facts

CLASSIC = "boo-classic"
MODERN = "boo-modern"


@cache
def rules(preset: str = CLASSIC, **overrides):
    """A compiled boo rule set (cached: compiling collects every pattern)."""
    return RuleSet.resolve(preset, {f"boo.{k}": v for k, v in overrides.items()}).compile()


def ctx_of(r, hand: str, win: str, *, dealer=False, discarder=None, melds=(), situation=(), dora="", honba=0):
    """A win context: ``hand`` holds the concealed tiles with the winning tile, mpsz text."""
    tiles = tuple(parse_tiles(hand, red_fives=0))
    win_tile = next(t for t in tiles if t in parse_tiles(win * 4, red_fives=0))
    return WinContext(
        concealed=tiles,
        win_tile=win_tile,
        melds=tuple(melds),
        tsumo=discarder is None,
        seat_wind=27 if dealer else 28,
        discarder=discarder,
        situation=frozenset(situation),
        table=table_facts(
            dora=tuple(parse_tiles(dora, red_fives=0)),
            honba=honba,
        ),
    )


def after(before, payments, dealer=0):
    """Scores after payments by wind index."""
    return [b + payments[(seat - dealer) % 4] for seat, b in enumerate(before)]


# --- §7 example 1: dealer riichi-pinfu ron with a 5-pin and a dora = 2040, a C top ---------------

EXAMPLE_1 = dict(hand="234m567m345p678s99s", win="4m", dealer=True, discarder=2, situation={"riichi"}, dora="5m")


def test_example_1_scores_2040():
    """Riichi 1 + pinfu 1 + 5-pin 1 = 3 han, 30 fu: 6 x 240 = 1440, + 門前 300 + dora 300."""
    sc = score(ctx_of(rules(), **EXAMPLE_1), rules().pattern_index, rules().values)
    assert (sc.detail.han, sc.detail.fu, sc.detail.base) == (3, 30, 240)
    assert sc.payments == (2040, 0, -2040, 0)
    assert after([2000] * 4, sc.payments) == [4040, 2000, -40, 2000]


@pytest.mark.parametrize(
    ("forbid_c_top", "expected"),
    [
        pytest.param(True, "F3", id="c-top-finish-forbidden-by-default"),
        pytest.param(False, None, id="c-top-finish-allowed-by-option"),
    ],
)
def test_example_1_c_top_finish(forbid_c_top, expected):
    """Seat 2 busts and seat 0 reaches 4000 with one sunk player: a C top."""
    values = rules(forbid_c_top_finish=forbid_c_top).values
    scores = [4040, 2000, -40, 2000]
    reasons = end_reasons(values, scores, yakuman=False, last_done=False)
    assert reasons == ("dobon", "tenpen")
    assert top_type(values, scores) == "C"
    assert forbidden(values, 0, [2000] * 4, scores, reasons, yakuman=False) == expected


# --- §7 examples 2, 4, 5: the forbidden-win table on given scores ------------------------------------

CASES = [
    pytest.param([2000] * 4, [1000, 4000, 1500, 1500], 1, {}, None, "A", id="ex2-mangan-tsumo-A-top"),
    pytest.param([2700, 200, 3900, 1200], [2700, -40, 3900, 1440], 3, {}, "F1", "B", id="ex4-sunk-winner-F1"),
    pytest.param([3700, 100, 1900, 2300], [3700, -140, 2140, 2300], 2, {}, "tsurekomi", "C", id="ex5-tsurekomi"),
    pytest.param(
        [3700, 100, 1900, 2300],
        [3700, -140, 2140, 2300],
        2,
        {"allow_tsurekomi": True},
        "F3",
        "C",
        id="ex5-tsurekomi-allowed-still-C-top",
    ),
    pytest.param(
        [3700, 100, 1900, 2300],
        [3700, -140, 2140, 2300],
        2,
        {"allow_tsurekomi": True, "forbid_c_top_finish": False},
        None,
        "C",
        id="ex5-tsurekomi-allowed-no-F3",
    ),
]


@pytest.mark.parametrize(("before", "after_", "winner", "options", "code", "kind"), CASES)
def test_forbidden_examples(before, after_, winner, options, code, kind):
    """The game-ending win's code (None = legal) and the top type it leaves."""
    values = rules(**options).values
    reasons = end_reasons(values, after_, yakuman=False, last_done=False)
    assert reasons
    assert forbidden(values, winner, before, after_, reasons, yakuman=False) == code
    assert top_type(values, after_) == kind


def test_example_2_payments():
    """A non-dealer mangan tsumo: 500 / 500 and 1000 from the dealer."""
    assert _classic_shares(500, 1) == [1000, 0, 500, 500]
    assert _classic_shares(500, 0) == [0, 1000, 1000, 1000]


def test_yakuman_always_legal():
    """A yakuman win ends the game with its winner an A top, whatever the scores."""
    values = rules().values
    reasons = end_reasons(values, [1000, 2500, 2500, 2000], yakuman=True, last_done=False)
    assert forbidden(values, 0, [2000] * 4, [1000, 2500, 2500, 2000], reasons, yakuman=True) is None


LAST = dict(before=[1900, 2100, 2000, 2000], after_=[1900, 2400, 2200, 1500], winner=2, last=True)
OPTION_CASES = [
    pytest.param(
        {"forbid_sunk_win": True},
        dict(before=[1000, 2200, 2400, 2400], after_=[1300, 2200, 2100, 2400]),
        "F4",
        id="F4-sunk-win",
    ),
    pytest.param({}, dict(before=[1000, 2200, 2400, 2400], after_=[1300, 2200, 2100, 2400]), None, id="F4-off"),
    pytest.param(
        {"forbid_ashibiki": True},
        dict(before=[1000, 2200, 2000, 2800], after_=[1300, 2200, 1700, 2800]),
        "F5",
        id="F5-ashibiki",
    ),
    pytest.param({}, LAST, "F2", id="last-hand-F2-not-exempt-by-default"),
    pytest.param({"final_hand_exempt": ("F2", "F3")}, LAST, None, id="last-hand-F2-exempt"),
    pytest.param(
        {},
        dict(before=[2000] * 4, after_=[2000, 1700, 2300, 2000], winner=2, last=True),
        None,
        id="last-hand-C-top-exempt-by-default",
    ),
]


@pytest.mark.parametrize(("options", "case", "code"), OPTION_CASES)
def test_option_codes(options, case, code):
    """F4 (any sunk win), F5 (足引き) and the last-hand exemption of F2 / F3."""
    values = rules(**options).values
    reasons = end_reasons(values, case["after_"], yakuman=False, last_done=case.get("last", False))
    winner = case.get("winner", 0)
    assert forbidden(values, winner, case["before"], case["after_"], reasons, yakuman=False) == code


# --- §7 example 3: yaku-less wins get no add-ons ---------------------------------------------------

YAKULESS = [
    pytest.param(
        dict(
            hand="234m567m789p99s",
            win="4m",
            melds=(Meld("chi", tuple(parse_tiles("678s", red_fives=0))),),
            discarder=2,
            dora="8s",
            honba=1,
        ),
        30,
        0,
        120,
        id="open-30fu-0han-ron-120-no-dora-no-honba",
    ),
    pytest.param(
        dict(hand="123m567m678p678s99s", win="2m", discarder=2, dora="8s"),
        40,
        0,
        160,
        id="closed-kanchan-40fu-0han-ron-160-no-menzen",
    ),
]


@pytest.mark.parametrize(("win", "fu", "han", "paid"), YAKULESS)
def test_example_3_yakuless(win, fu, han, paid):
    """No 1-han minimum; a yaku-less win carries none of the 場300 add-ons (積み符は付かない).

    The spec's closed 30-fu yaku-less ron cannot exist (a closed two-sided 30-fu ron is pinfu, a yaku), so the
    example is checked on an open 30-fu hand and a closed 40-fu one, both holding two dora.
    """
    sc = score(ctx_of(rules(), **win), rules().pattern_index, rules().values)
    assert (sc.detail.fu, sc.detail.han) == (fu, han)
    assert -min(sc.payments) == paid


def test_ryanmen_tsumo_four_fu():
    """両面待ちでツモ: 20 + 2 tsumo + 2 two-sided = 24 -> 30 fu (no pinfu-tsumo 20 fu)."""
    sc = score(
        ctx_of(rules(), "234m567m345p678s99s", "4m", situation={"riichi"}), rules().pattern_index, rules().values
    )
    assert sc.detail.fu == 30
    assert ("two-sided tsumo", 2) in sc.detail.fu_parts


def test_mangan_cap_classic():
    """Base points are capped at 500: a non-dealer ron pays at most 2000 plus add-ons."""
    ctx = ctx_of(rules(), "111m999m999p111s11z", "1z", discarder=0, situation={"riichi"})
    sc = score(ctx, rules().pattern_index, rules().values)
    assert sc.detail.base == 500


# --- Options ----------------------------------------------------------------------------------------

DEFAULTS = {
    "units": "arusiaru",
    "origin": 2000,
    "game_length": "full",
    "dobon": "le_zero",
    "tenpen_strict": False,
    "allow_tsurekomi": False,
    "forbid_c_top_finish": True,
    "final_hand_exempt": frozenset({"F3"}),
    "forbid_sunk_win": False,
    "forbid_ashibiki": False,
    "illegal_win": "mask",
    "riichi_han": 1,
    "addons": frozenset({"menzen", "honba", "dora"}),
    "yakuless_blocks": "all_addons",
    "ryanmen_tsumo_fu": 4,
    "gotong_mode": "presence_1han",
    "allow_chiitoitsu": False,
    "draw_renchan": "never",
    "prize_a": 80,
    "prize_b": 30,
    "prize_c": 10,
    "split": "equal",
    "tie_break": "seat_order",
    "dabuken": "off",
}


@pytest.mark.parametrize(("name", "default"), sorted(DEFAULTS.items()))
def test_option_defaults(name, default):
    """Every ambiguity of boo.md §8 is an option at the spec's default."""
    bare = RuleSet("boo", ("riichi", "variants.boo"), {}).compile()
    assert bare.values[f"boo.{name}"] == default


def test_every_option_is_declared_once():
    """The option table has no duplicate names."""
    names = list(boo_options.OPTIONS)
    assert len(names) == len(set(names))


# --- Seeded games --------------------------------------------------------------------------------------

GAMES = [
    pytest.param(CLASSIC, {}, ("efficiency",) * 4, id="classic"),
    pytest.param(MODERN, {}, ("efficiency",) * 4, id="modern"),
    pytest.param(
        CLASSIC, {"boo.illegal_win": "chombo"}, ("boo_topper", "boo", "boo_topper_a", "efficiency"), id="classic-chombo"
    ),
    pytest.param(
        CLASSIC, {"boo.forbid_sunk_win": True, "boo.forbid_ashibiki": True}, ("boo_topper",) * 4, id="classic-strict"
    ),
]


@pytest.mark.parametrize(("preset", "overrides", "agents"), GAMES)
def test_seeded_games_keep_invariants(preset, overrides, agents):
    """Zero violations; every game ends with a top type matching its points; the top is the only winner."""
    compiled = RuleSet.resolve(preset, overrides).compile()
    records = run_games(compiled, 8, 11, agents, check=True)
    assert [v for r in records for v in r.violations] == []
    for r in records:
        final = r.final
        assert final["end"], "every game ends on an end condition"
        assert abs(sum(final["results"])) < 1e-6
        if final["top_type"] and "boo.illegal_win" not in overrides:
            assert final["results"][final["top"]] == {"A": 80, "B": 30, "C": 10}[final["top_type"]]


def test_digest_is_reproducible():
    """The same seed gives the same games."""
    from mjsim.runner.games import digest

    compiled = rules()
    assert digest(run_games(compiled, 3, 5, ("efficiency",) * 4)) == digest(
        run_games(compiled, 3, 5, ("efficiency",) * 4)
    )


# --- Facts for the experiments (mjsim_record_hand and the flat final keys) ------------------------------


def test_record_hand_counts_the_hands_refusals_and_resets():
    """boo.refused is the hand's own refusals (the counter restarts); boo.sunk counts seats below the origin."""
    from types import SimpleNamespace

    from variants.boo import flow

    values = rules().values
    game = SimpleNamespace(rules=Rules(None, {}, values), scores=[4100, 2000, 1900, 0], stash={})
    flow.count_refusal(game, "F3")
    flow.count_refusal(game, "F2")
    flow.count_refusal(game, "F3")
    assert flow.record_hand(game, {}) == {"boo.refused": 3, "boo.sunk": 2}
    assert flow.record_hand(game, {}) == {"boo.refused": 0, "boo.sunk": 2}
    assert game.stash[flow.REFUSED] == {"F3": 2, "F2": 1}, "the game keeps its refusals by code"


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        pytest.param(CLASSIC, {}, id="classic"),
        pytest.param(MODERN, {}, id="modern"),
        pytest.param(CLASSIC, {"boo.forbid_c_top_finish": False}, id="c-top-allowed"),
    ],
)
def test_experiment_facts_agree(preset, overrides):
    """Every hand records boo.refused and boo.sunk; the final facts are flat and agree with the hands."""
    from mjsim.experiment.metrics import metric
    from mjsim.runner.games import as_dict
    from variants.boo.flow import CODES

    compiled = RuleSet.resolve(preset, overrides).compile()
    records = [as_dict(r) for r in run_games(compiled, 12, 3, ("boo", "boo_topper", "boo_topper_a", "boo"))]
    assert sum(r["final"]["refused_total"] for r in records) > 0, "some win is refused in 12 games"
    for r in records:
        final = r["final"]
        assert all(isinstance(h["boo.refused"], int) and 0 <= h["boo.sunk"] <= 3 for h in r["hands"])
        assert r["hands"][-1]["boo.sunk"] == final["sunk_count"] or final["end_reason"] == "yakuman"
        assert final["refused_total"] == sum(final["refused"].values()) == metric("hand_sum:boo.refused")[1](r)
        assert all(final[f"refused_{code}"] == final["refused"].get(code, 0) for code in CODES)
        assert set(final["refused"]) <= set(CODES)
        assert final["end_reason"] == final["end"][0]
        assert final["top_payoff"] == {"A": 80, "B": 30, "C": 10}[final["top_type"]]
        assert metric("final:top_payoff")[1](r) == final["top_payoff"]
        shares = [metric(f"final:top_type={kind}")[1](r) for kind in "ABC"]
        assert shares == [float(final["top_type"] == kind) for kind in "ABC"]
        assert metric("final:refused_F3")[1](r) == final["refused_F3"]
        if "boo.forbid_c_top_finish" in overrides:
            assert final["refused_F3"] == 0, "no C-top finish is refused when C tops may finish"


def test_a_forbidden_win_declared_in_chombo_mode_is_a_chombo_that_pays_and_replays():
    """boo.md §4 "`chombo` (... AM/MI treat it as chombo)" and §6 "[proposal] the offender pays the A-top amount
    to each other player and the game is replayed from the same state": a forbidden win is never offered; the
    error model declares it, the hand ends as `chombo` with no points moved, and the settlement charges it."""
    compiled = RuleSet.resolve(CLASSIC, {"boo.illegal_win": "chombo"}).compile()
    records = run_games(compiled, 5, 2, ["efficiency~1~forbidden_win"] * 4, check=True)  # game 4 has one
    assert [v for r in records for v in r.violations] == []
    charged = [r for r in records if r.final["chombos"]]
    assert charged, "no forbidden win came up in these 5 games"
    for r in charged:
        hands = [h for h in r.hands if h.get("draw") == "chombo"]
        assert len(hands) == r.final["chombos"] and all(h["deltas"] == [0, 0, 0, 0] for h in hands)
        assert abs(sum(r.final["results"])) < 1e-6 and min(r.final["results"]) <= -3 * 80

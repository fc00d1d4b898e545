"""The riichi family's game-flow options (riichi_base.md §4-§17, catalogue §20.1), each shown changing a forced hand.

Every test builds a hand with ``core.game_at`` and hand-picked walls (hands, draws in order, dead wall), steps it
with chosen actions, and reads the outcome off the hand record, the ledger and the next hand.
"""

from __future__ import annotations

import pytest

from mjsim.engine import core
from mjsim.engine.actions import ABORT, ANKAN, DISCARD, KAKAN, KAN, PASS, PON, RON, TABLE, TSUMO, Action
from mjsim.hand.notation import parse_kinds, parse_tiles
from variants.riichi.vocabulary import RIICHI

NOTEN = ("258m369p147s1234z", "369m147p258s1234z", "258m147p369s5677z")  # three hands far from ready
QUIET = "5m 6m 5p 6p"  # four simple draws, discarded at once: no claim, no nagashi
ON_OFF = [pytest.param(True, True, id="on"), pytest.param(False, False, id="off")]  # (option, what it allows)


@pytest.fixture(scope="module")
def rules(rules_with):
    """``rules(name=value, ...)``: the riichi preset (every option at its default) with overrides."""
    return lambda **overrides: rules_with("riichi", **overrides)


# --- Building and playing a forced hand ----------------------------------------------------------------


def table(rules, hands: dict[int, str], draws: str = "", *, dealer=0, live_left=None, dead="", **at):
    """A game at a hand whose deal, draws (in turn order) and dead wall (rinshan, then indicators) are given.

    Seats missing from ``hands`` get spare tiles; ``live_left`` cuts the live wall that many tiles after ``draws``.
    ``at`` goes to ``core.game_at`` (scores, round_index, honba, table).
    """
    used: set[int] = set()
    dealt = {seat: parse_tiles(text, used=used) for seat, text in hands.items()}
    drawn = [t for token in draws.split() for t in parse_tiles(token, used=used)]
    rinshan, indicators = (parse_tiles(part, used=used) for part in (dead.split("|") + [""])[:2])
    spare = sorted((t for t in range(136) if t not in used), key=lambda t: (t % 4, t))  # kinds spread out
    for seat in range(4):
        dealt.setdefault(seat, [spare.pop(0) for _ in range(13)])
    rinshan += [spare.pop() for _ in range(4 - len(rinshan))]
    indicators += [spare.pop() for _ in range(10 - len(indicators))]
    live = [t for i in range(4) for t in dealt[(dealer + i) % 4]] + drawn
    live += spare if live_left is None else spare[:live_left]
    options = {"scores": (25000,) * 4, "round_index": 0, "honba": 0, "table": 0, **at}
    return core.game_at(rules, dealer=dealer, walls=(live, rinshan, indicators), **options)


def offered(game, seat: int, kind: str, tile: str | None = None) -> Action | None:
    """The action of ``kind`` (on a tile of ``tile``'s kind) offered to ``seat`` now, or None."""
    want = None if tile is None else parse_kinds(tile)[0]
    for action in core.pending(game).get(seat, []):
        if action.kind == kind and (want is None or action.tile // 4 == want):
            return action
    return None


def act(game, seat: int, kind: str, tile: str | None = None) -> None:
    """``seat`` takes an offered ``kind`` action; every other seat asked passes."""
    action = offered(game, seat, kind, tile)
    assert action is not None, f"{kind} {tile} not offered to seat {seat}: {core.pending(game).get(seat)}"
    choice = {s: Action(PASS) for s in core.pending(game) if s != seat}
    core.step(game, {**choice, seat: action})


def turns(game, count: int = 1) -> None:
    """Play ``count`` turns and their claim windows: tsumogiri, every claim passes; stops at the hand's end."""
    hands = len(game.history)
    while True:
        offers = core.pending(game)  # a discard nobody can claim passes by itself here
        if game.over or len(game.history) != hands or (game.hand.phase == "turn" and not count):
            return
        if game.hand.phase == "turn":
            core.step(game, {game.hand.current: Action(DISCARD, game.hand.last_draw)})
            count -= 1
        else:
            core.step(game, {seat: Action(PASS) for seat in offers})


def to_the_end(game) -> dict:
    """Tsumogiri until the hand ends; its record."""
    hands = len(game.history)
    while len(game.history) == hands:
        turns(game)
    return game.history[-1]


def paid(game, payer: int, payee: int, reason: str | None = None) -> int:
    """Points the ledger moved from ``payer`` to ``payee`` (for ``reason`` only, when given)."""
    return sum(t.amount for t in game.ledger if (t.payer, t.payee) == (payer, payee) and reason in (None, t.reason))


def deltas(game, start) -> list[int]:
    """Score changes since ``start`` scores."""
    return [now - before for now, before in zip(game.scores, start, strict=True)]


def next_hand(game) -> tuple[int, int, int]:
    """(dealer, round index, honba) of the game after the last hand."""
    return game.dealer, game.round_index, game.honba


# --- Riichi declarations (§4) ----------------------------------------------------------------------------

READY = "123m456p789s1122z"  # waits on 1z or 2z (East/South shanpon)


@pytest.mark.parametrize(
    ("needs_draw", "live_left", "riichi"),
    [
        pytest.param(True, 20, True, id="needs_draw-wall_left-riichi"),
        pytest.param(True, 2, False, id="needs_draw-two_left-no_riichi"),
        pytest.param(False, 2, True, id="no_draw_needed-two_left-riichi"),
    ],
)
def test_riichi_needs_draw(rules, needs_draw, live_left, riichi):
    game = table(rules(riichi_needs_draw=needs_draw), {0: READY}, "9m", live_left=live_left)
    assert (offered(game, 0, RIICHI, "9m") is not None) is riichi


@pytest.mark.parametrize(
    ("rule", "points", "riichi"),
    [
        pytest.param(1000, 1000, True, id="at_least_1000-1000-riichi"),
        pytest.param("over_1000", 1000, False, id="over_1000-1000-no_riichi"),
        pytest.param(1000, 900, False, id="at_least_1000-900-no_riichi"),
        pytest.param("none", 900, True, id="none-900-riichi"),
    ],
)
def test_riichi_min_points(rules, rule, points, riichi):
    scores = (points, 33000, 33000, 34000 - points)
    game = table(rules(riichi_min_points=rule), {0: READY}, "9m", scores=scores)
    assert (offered(game, 0, RIICHI, "9m") is not None) is riichi


@pytest.mark.parametrize(
    ("allowed", "draw", "riichi"),
    [
        pytest.param(True, "1z", True, id="allowed-furiten_wait-riichi"),
        pytest.param(False, "1z", False, id="forbidden-furiten_wait-no_riichi"),
        pytest.param(False, "5z", True, id="forbidden-clean_wait-riichi"),
    ],
)
def test_furiten_riichi(rules, allowed, draw, riichi):
    """With 1z drawn, every discard that leaves the hand ready waits on the discarded kind itself (discard furiten)."""
    game = table(rules(furiten_riichi=allowed), {0: READY}, draw)
    assert any(a.kind == RIICHI for a in core.pending(game)[0]) is riichi


@pytest.mark.parametrize(("allowed", "riichi"), ON_OFF)
def test_karaten_riichi(rules, allowed, riichi):
    """A 5z tanki after the three other 5z went by: all four in sight of the declarer."""
    game = table(rules(karaten_riichi=allowed), {0: "123m456p789s111z5z"}, "9p 5z 5z 5z 9p")
    turns(game, 4)  # the dealer discards 9p, the others each draw and discard a 5z (the dealer does not ron)
    assert game.hand.seats[0].discarded_kinds == {17}  # only 9p
    assert (offered(game, 0, RIICHI, "9p") is not None) is riichi


@pytest.mark.parametrize(
    ("mode", "kan"),
    [
        pytest.param("off", False, id="off"),
        pytest.param("wait_unchanged", True, id="wait_unchanged"),
        pytest.param("wait_and_decomposition_unchanged", False, id="wait_and_decomposition_unchanged"),
    ],
)
def test_riichi_ankan(rules, mode, kan):
    """222m is a triplet in 222-345-55-789m but a pair and a run in 22-234-555-789m: the wait (4p) is the same."""
    game = table(rules(riichi_ankan=mode), {0: "22234555789m35p"}, "9s 1z 1z 1z 2m")
    act(game, 0, RIICHI, "9s")
    turns(game, 3)
    assert (offered(game, 0, ANKAN, "2m") is not None) is kan


@pytest.mark.parametrize(("rule", "kan"), [pytest.param(False, True, id="off"), pytest.param(True, False, id="on")])
def test_kan_must_not_change_wait_even_without_riichi(rules, rule, kan):
    """3334m waits on 2m, 4m and 5m; a 3m quad would leave a 4m tanki."""
    game = table(rules(kan_must_not_change_wait_even_without_riichi=rule), {0: "3334m456p789s555z"}, "3m")
    assert (offered(game, 0, ANKAN, "3m") is not None) is kan


# --- Tenpai at an exhaustive draw (§11.1) -----------------------------------------------------------------

KANCHAN = "123m456p789s24p11m"  # waits on 3p: no yaku without riichi (no tanyao, no pinfu)


def _draw_with(rules, hand: str, riichi: bool = False) -> dict:
    """Seat 1 holds ``hand`` (declaring riichi on its first turn, if asked) until an exhaustive draw."""
    game = table(rules, {1: hand, 0: NOTEN[0], 2: NOTEN[1], 3: NOTEN[2]}, QUIET + " 5s 6s 7s 8s", live_left=0)
    turns(game)
    if riichi:
        act(game, 1, RIICHI, "6m")
    return to_the_end(game)


@pytest.mark.parametrize(
    ("formal", "riichi", "tenpai"),
    [
        pytest.param(True, False, True, id="formal-yakuless-tenpai"),
        pytest.param(False, False, False, id="not_formal-yakuless-noten"),
        pytest.param(False, True, True, id="not_formal-riichi-tenpai"),
    ],
)
def test_formal_tenpai(rules, formal, riichi, tenpai):
    record = _draw_with(rules(formal_tenpai=formal), KANCHAN, riichi)
    assert record["draw"] == "exhaustive"
    assert (1 in record["tenpai"]) is tenpai


@pytest.mark.parametrize(("allowed", "tenpai"), ON_OFF)
def test_tenpai_allows_exhausted_wait(rules, allowed, tenpai):
    """1111m with three sets waits only on a fifth 1m."""
    record = _draw_with(rules(tenpai_allows_exhausted_wait=allowed), "1111m456p789s234s")
    assert (1 in record["tenpai"]) is tenpai


@pytest.mark.parametrize("total", [3000, 1500, 6000])
def test_noten_payment_total(rules, total):
    game_rules = rules(noten_payment_total=total)
    game = table(game_rules, {1: KANCHAN, 0: NOTEN[0], 2: NOTEN[1], 3: NOTEN[2]}, QUIET, live_left=0)
    record = to_the_end(game)
    assert record["tenpai"] == [1]
    assert [paid(game, seat, 1, "noten") for seat in (0, 2, 3)] == [total // 3] * 3


# --- Furiten (§5) ---------------------------------------------------------------------------------------

TANYAO_7M = "234m567p345s66s68m"  # kanchan on 7m, tanyao


@pytest.mark.parametrize(
    ("definition", "ron"),
    [
        pytest.param("draw_to_draw", False, id="draw_to_draw"),
        pytest.param("call_rewinds", False, id="call_rewinds"),
        pytest.param("call_skips", True, id="call_skips"),
    ],
)
def test_same_turn_definition(rules, definition, ron):
    """Seat 2 lets the dealer's 7m go; seat 3's pon of seat 1's 9p jumps over seat 2; seat 3 then discards 7m."""
    game = table(rules(same_turn_definition=definition), {2: TANYAO_7M, 3: "7m14799p258s1234z"}, "7m 9p")
    assert offered(game, 2, RON) is None  # the dealer has not discarded yet
    turns(game)  # the dealer's 7m: seat 2 may ron and passes
    assert game.hand.seats[2].skipped_win
    act(game, 1, DISCARD, "9p")
    act(game, 3, PON, "9p")
    act(game, 3, DISCARD, "7m")
    assert (offered(game, 2, RON) is not None) is ron


KOKUSHI_13 = "19m19p19s1234567z"


@pytest.mark.parametrize(
    ("first_draw", "ron"),
    [pytest.param("1m", False, id="passed_1m-furiten-no_ron"), pytest.param("5m", True, id="clean_river-ron")],
)
def test_kokushi_13_furiten_ron(rules, first_draw, ron):
    """A 13-sided kokushi that has discarded one of its waits may not ron (kokushi_13_furiten_ron "forbidden")."""
    game = table(rules(), {1: KOKUSHI_13}, f"5p {first_draw} 9m")
    turns(game, 2)  # the dealer's 5p, then seat 1 lets its own draw go (1m: a tsumo it does not take)
    act(game, 2, DISCARD, "9m")
    assert (offered(game, 1, RON) is not None) is ron


@pytest.mark.parametrize(("allowed", "robbed"), ON_OFF)
def test_kokushi_rob_ankan(rules, allowed, robbed):
    """Seat 1's thirteen orphans waits on 1m only; the dealer declares a concealed kan of its four 1m."""
    game = table(rules(kokushi_rob_ankan=allowed), {0: "1111m258p369s2345z", 1: "9m19p19s12345677z"}, "6m")
    act(game, 0, ANKAN, "1m")
    if robbed:
        act(game, 1, RON, "1m")
        (win,) = game.history[-1]["wins"]
        assert (win["seat"], win["yakuman"]) == (1, 1)
    else:
        assert offered(game, 1, RON) is None and game.hand.kans == 1 and game.hand.current == 0


# --- Wins: kan dora, honba, deposits, liability, two-han minimum (§6, §8, §10, §16, §17) -------------------


@pytest.mark.parametrize(
    ("timing", "han"),
    [
        pytest.param("immediate_all", 3, id="immediate_all"),
        pytest.param("immediate_including_chankan", 5, id="immediate_including_chankan"),
        pytest.param("ankan_immediate_else_after_discard", 3, id="ankan_immediate_else_after_discard"),
    ],
)
def test_kandora_timing_on_chankan(rules, timing, han):
    """Seat 3 robs seat 2's added 4s kan (chankan, tanyao, pinfu); the kan's indicator 4m makes its 55m dora."""
    hands = {2: "44s1239m1239p1z2z3z", 3: "234m567p678p55m23s"}
    game = table(rules(kandora_timing=timing), hands, "9m 4s 9p 1z 2z 4s", dead="|1z7z4m")
    turns(game)
    act(game, 1, DISCARD, "4s")
    act(game, 2, PON, "4s")  # seat 3 lets the 4s go
    act(game, 2, DISCARD, "1z")
    turns(game, 3)
    act(game, 2, KAKAN, "4s")
    act(game, 3, RON, "4s")
    (win,) = game.history[-1]["wins"]
    assert (win["seat"], win["han"]) == (3, han)


def _rons(game, *seats: int) -> None:
    """The listed seats ron the open discard; the others pass."""
    offers = core.pending(game)
    core.step(game, {seat: offered(game, seat, RON) if seat in seats else Action(PASS) for seat in offers})


@pytest.mark.parametrize(
    ("mode", "second_honba"), [pytest.param("upstream", 0, id="upstream"), pytest.param("each_winner", 600, id="each")]
)
def test_multi_ron_honba(rules, mode, second_honba):
    """A double ron at 2 honba on the dealer's 7m: the upstream winner (seat 1) always takes the 600."""
    hands = {1: TANYAO_7M, 2: "345m567p456s88s56m"}
    game = table(rules(multi_ron_honba=mode), hands, "7m", honba=2, table=1000)
    act(game, 0, DISCARD, "7m")
    _rons(game, 1, 2)
    first, second = game.history[-1]["wins"]
    assert paid(game, 0, 1, "win") == first["value"] + 600
    assert paid(game, 0, 2, "win") == second["value"] + second_honba
    assert paid(game, TABLE, 1) == 1000 and paid(game, TABLE, 2) == 0


@pytest.mark.parametrize("how", ["ron", "tsumo"])
@pytest.mark.parametrize("value", [300, 1500])
def test_honba_value(rules, value, how):
    """Two honba add 2 x honba_value to a win: from the discarder, or a third from each on a tsumo."""
    game = table(rules(honba_value=value), {1: TANYAO_7M}, "9m 9p 9s 1z 2z 7m" if how == "tsumo" else "7m", honba=2)
    if how == "tsumo":
        turns(game, 5)
        act(game, 1, TSUMO)
    else:
        act(game, 0, DISCARD, "7m")
        act(game, 1, RON)
    (win,) = game.history[-1]["wins"]
    received = sum(paid(game, payer, 1, "win") for payer in (0, 2, 3))
    assert received - win["value"] == 2 * value


@pytest.mark.parametrize("deposit", [1000, 500])
def test_riichi_deposit(rules, deposit):
    game = table(rules(riichi_deposit=deposit), {1: KANCHAN}, "9m 6m")
    turns(game)
    act(game, 1, RIICHI, "6m")
    turns(game, 0)  # the declaration passes: the stick is paid
    assert paid(game, 1, TABLE, "riichi") == deposit == game.table


@pytest.mark.parametrize(
    ("liable", "payers"), [pytest.param(False, {0, 2, 3}, id="off"), pytest.param(True, {0}, id="on-dealer_pays")]
)
def test_rinshan_pao(rules, liable, payers):
    """Seat 1 calls a kan on the dealer's 6m and wins on the replacement tile (嶺上開花, tanyao)."""
    game = table(rules(rinshan_pao=liable), {1: "666m234p678s22s34m"}, "6m", dead="2m|")
    act(game, 0, DISCARD, "6m")
    act(game, 1, KAN, "6m")
    act(game, 1, TSUMO)
    (win,) = game.history[-1]["wins"]
    assert {t.payer for t in game.ledger if t.reason == "win"} == payers
    assert sum(paid(game, payer, 1, "win") for payer in (0, 2, 3)) == win["value"]


@pytest.mark.parametrize(
    ("mode", "repeats", "ron"),
    [
        pytest.param("none", 5, True, id="none-5_repeats-ron"),
        pytest.param("from_dealer_5th_repeat", 4, True, id="from_5th_repeat-4_repeats-ron"),
        pytest.param("from_dealer_5th_repeat", 5, False, id="from_5th_repeat-5_repeats-no_ron"),
    ],
)
def test_ryanhan_shibari_from_dealer_5th_repeat(rules, mode, repeats, ron):
    """The dealer's tanyao (1 han, and two dora that do not count) after ``repeats`` dealer repeats."""
    game = table(rules(ryanhan_shibari=mode), {0: TANYAO_7M}, "9m 7m", dead="|5s")
    game.repeats = repeats
    turns(game)
    act(game, 1, DISCARD, "7m")
    assert (offered(game, 0, RON) is not None) is ron


# --- Nagashi mangan (§11.3) ---------------------------------------------------------------------------------

NAGASHI_READY = "123m456p789s5566z"  # ready on 5z/6z; its draws (7z, 7z) go straight to the river
SIMPLE_DRAWS = {0: ("5m", "6m"), 1: ("8m", "8m"), 2: ("5p", "6p"), 3: ("5s", "6s")}


def _nagashi(rules, ready: int = 1, terminal_draws: dict[int, tuple[str, str]] | None = None, **at):
    """Two go-arounds to an exhaustive draw; seat ``ready`` (tenpai) and any ``terminal_draws`` seats discard only
    honours and terminals, the others simples from noten hands."""
    draws = {**SIMPLE_DRAWS, ready: ("7z", "7z"), **(terminal_draws or {})}
    hands = dict(zip([s for s in range(4) if s != ready], NOTEN, strict=True))
    game = table(rules, {**hands, ready: NAGASHI_READY}, " ".join(draws[s][i] for i in (0, 1) for s in range(4)), **at)
    start = list(game.scores)
    return game, to_the_end(game), deltas(game, start)


@pytest.mark.parametrize(
    ("mode", "received", "after"),
    [
        pytest.param("off", 3000, (1, 0, 2), id="off-noten_payments"),
        pytest.param("as_draw", 8000, (1, 0, 2), id="as_draw"),
        pytest.param("as_4han", 7900, (1, 0, 2), id="as_4han-4han30fu"),
        pytest.param("as_win", 8000, (1, 0, 0), id="as_win-honba_reset"),
        pytest.param("dealer_passes", 8000, (1, 0, 2), id="dealer_passes"),
    ],
)
def test_nagashi_mangan_non_dealer(rules, mode, received, after):
    """Seat 1 (ready, 1 honba on the table) discards only 7z; the noten dealer passes either way."""
    game, record, change = _nagashi(rules(nagashi_mangan=mode), live_left=0, honba=1)
    assert record.get("nagashi", []) == ([] if mode == "off" else [1])
    assert change[1] == received
    assert next_hand(game) == after


@pytest.mark.parametrize(
    ("mode", "after"),
    [
        pytest.param("as_draw", (0, 0, 2), id="as_draw-tenpai_repeats"),
        pytest.param("as_win", (0, 0, 2), id="as_win-dealer_won"),
        pytest.param("dealer_passes", (1, 0, 2), id="dealer_passes"),
    ],
)
def test_nagashi_mangan_dealer(rules, mode, after):
    game, record, change = _nagashi(rules(nagashi_mangan=mode), ready=0, live_left=0, honba=1)
    assert record["nagashi"] == [0] and change[0] == 12000
    assert next_hand(game) == after


@pytest.mark.parametrize(
    ("multi", "scorers"), [pytest.param("all", [1, 2], id="all"), pytest.param("upstream_only", [1], id="upstream")]
)
def test_nagashi_mangan_multi(rules, multi, scorers):
    """Seats 1 and 2 both qualify; seat 3 made the last discard, so seat 1 is upstream (上家)."""
    game, record, change = _nagashi(rules(nagashi_mangan_multi=multi), terminal_draws={2: ("9m", "1s")}, live_left=0)
    assert record["nagashi"] == scorers
    assert change[2] == (8000 - 2000 if multi == "all" else -2000)


@pytest.mark.parametrize(
    ("payments", "received"), [pytest.param("replaced", 8000, id="replaced"), pytest.param("added", 11000, id="added")]
)
def test_nagashi_mangan_tenpai_payments(rules, payments, received):
    game, record, change = _nagashi(rules(nagashi_mangan_tenpai_payments=payments), live_left=0)
    assert record["tenpai"] == [1] and change[1] == received


@pytest.mark.parametrize(
    ("pays", "received", "left"),
    [pytest.param(False, 8000, 1000, id="off"), pytest.param(True, 8000 + 600 + 1000, 0, id="on-honba_and_stick")],
)
def test_nagashi_mangan_pays_honba(rules, pays, received, left):
    game, _, change = _nagashi(rules(nagashi_mangan_pays_honba=pays), live_left=0, honba=2, table=1000)
    assert change[1] == received and game.table == left


# --- Abortive draws and who deals next (§12) ------------------------------------------------------------------

KYUUSHU = ("19m19p19s12345z28m", "19m19p19s12345z37m")  # eleven kinds of terminals and honours


@pytest.mark.parametrize(
    ("mode", "declarer", "dealer_after"),
    [
        pytest.param("renchan", 0, 0, id="renchan-by_dealer"),
        pytest.param("renchan", 1, 0, id="renchan-by_seat1"),
        pytest.param("dealer_passes", 0, 1, id="dealer_passes-by_dealer"),
        pytest.param("dealer_passes", 1, 1, id="dealer_passes-by_seat1"),
        pytest.param("by_declarer", 0, 0, id="by_declarer-dealer_repeats"),
        pytest.param("by_declarer", 1, 1, id="by_declarer-seat1-dealer_passes"),
    ],
)
def test_kyuushu_kyuuhai_continuation(rules, mode, declarer, dealer_after):
    game = table(rules(kyuushu_kyuuhai=mode), {0: KYUUSHU[0], 1: KYUUSHU[1]}, "9m 8p")
    turns(game, declarer)
    act(game, declarer, ABORT)
    assert game.history[-1]["draw"] == "abort_by_declaration"
    assert next_hand(game) == (dealer_after, 0, 1)


@pytest.mark.parametrize(
    ("mode", "after"),
    [
        pytest.param("abort", (0, 0, 1), id="abort-dealer_repeats"),
        pytest.param("abort_dealer_passes", (1, 0, 1), id="abort_dealer_passes"),
        pytest.param("off", None, id="off-play_goes_on"),
    ],
)
def test_suufon_renda(rules, mode, after):
    game = table(rules(suufon_renda=mode), {}, "1z 1z 1z 1z")
    turns(game, 4)
    if after is None:
        assert not game.history and game.hand.turn_count == 4
    else:
        assert game.history[-1]["draw"] == "suufon_renda" and next_hand(game) == after


@pytest.mark.parametrize(
    ("dealer_hand", "continuation", "after"),
    [
        pytest.param("123m456p789s2233z", "dealer_tenpai", (0, 0, 1), id="dealer_tenpai-ready_dealer_repeats"),
        pytest.param("258m369p147s2345z", "dealer_tenpai", (1, 0, 1), id="dealer_tenpai-noten_dealer_passes"),
        pytest.param("123m456p789s2233z", "dealer_passes", (1, 0, 1), id="dealer_passes"),
        pytest.param(None, "renchan", (0, 0, 1), id="renchan"),
    ],
)
def test_suufon_renda_continuation(rules, dealer_hand, continuation, after):
    """S004 fl8: "三家和、四風子連打、四家立直、四開槓 ... は流局 ※基本的に荘家不聴で流局親流れ"."""
    hands = {0: dealer_hand} if dealer_hand else {}
    game = table(rules(suufon_renda_continuation=continuation), hands, "1z 1z 1z 1z")
    turns(game, 4)
    assert game.history[-1]["draw"] == "suufon_renda" and next_hand(game) == after


FOUR_READY = {0: "123m456p789s1122z", 1: TANYAO_7M, 2: KANCHAN, 3: "345m678p234s55s33z"}


@pytest.mark.parametrize(
    ("rule", "continuation", "after"),
    [
        pytest.param("abort", "renchan", (0, 0, 1), id="abort-renchan"),
        pytest.param("abort", "dealer_passes", (1, 0, 1), id="abort-dealer_passes"),
        pytest.param("abort", "dealer_tenpai", (0, 0, 1), id="abort-dealer_tenpai-ready_dealer"),
        pytest.param("continue", "renchan", None, id="continue"),
    ],
)
def test_suucha_riichi(rules, rule, continuation, after):
    game = table(rules(suucha_riichi=rule, suucha_riichi_continuation=continuation), FOUR_READY, "9m 9p 1s 5z")
    for seat, tile in enumerate(("9m", "9p", "1s", "5z")):
        act(game, seat, RIICHI, tile)
        turns(game, 0)
    if after is None:
        assert not game.history and game.table == 4000
    else:
        assert game.history[-1]["draw"] == "suucha_riichi" and next_hand(game) == after


THREE_ON_7M = {0: "147m369p258s1234z", 1: TANYAO_7M, 2: "345m567p456s88s56m", 3: "345p678s234s33m77m"}


@pytest.mark.parametrize(
    ("continuation", "dealer_after"),
    [
        pytest.param("renchan", 0, id="renchan"),
        pytest.param("dealer_passes", 1, id="dealer_passes"),
        pytest.param("dealer_tenpai", 1, id="dealer_tenpai-noten_dealer_passes"),
    ],
)
def test_sanchahou_continuation(rules, continuation, dealer_after):
    game = table(rules(sanchahou_continuation=continuation), THREE_ON_7M, "7m")
    act(game, 0, DISCARD, "7m")
    _rons(game, 1, 2, 3)
    assert game.history[-1]["draw"] == "sanchahou"
    assert next_hand(game) == (dealer_after, 0, 1)


FOUR_QUADS = {0: "1111m2222m34567z", 1: "1111p2222p34567z", 2: "1111s369m3578p69s"}


def _four_kans(rules) -> object:
    """The dealer and seat 1 each declare two concealed kans on their first turns."""
    game = table(rules, FOUR_QUADS, "9m 9p 9s")
    for seat, kinds in ((0, ("1m", "2m")), (1, ("1p", "2p"))):
        for kind in kinds:
            act(game, seat, ANKAN, kind)
        turns(game)
    return game


@pytest.mark.parametrize(
    ("continuation", "dealer_after"),
    [
        pytest.param("renchan", 0, id="renchan"),
        pytest.param("dealer_passes", 1, id="dealer_passes"),
        pytest.param("dealer_tenpai", 1, id="dealer_tenpai-noten_dealer_passes"),
    ],
)
def test_suukaikan_continuation(rules, continuation, dealer_after):
    game = _four_kans(rules(suukaikan_continuation=continuation))
    assert game.history[-1]["draw"] == "suukaikan"
    assert next_hand(game) == (dealer_after, 0, 1)


@pytest.mark.parametrize(
    ("mode", "fifth"),
    [pytest.param("off", False, id="off-no_fifth_kan"), pytest.param("abort_on_5th", True, id="abort_on_5th")],
)
def test_suukaikan_abort_on_5th(rules, mode, fifth):
    """Four kans by two players do not abort; under abort_on_5th seat 2's quad is a fifth kan that ends the hand."""
    game = _four_kans(rules(suukaikan=mode))
    assert not game.history and game.hand.current == 2 and game.hand.kans == 4
    assert offered(game, 2, ANKAN) is None
    if fifth:
        act(game, 2, ABORT, "1s")
        assert game.history[-1]["draw"] == "suukaikan" and next_hand(game) == (0, 0, 1)
    else:
        assert offered(game, 2, ABORT) is None


# --- Exhaustive draws and the end of the game (§11.2, §14, §15) ------------------------------------------------

QUIET_NOTEN = "147m258p369s2345z"  # a fourth noten hand that fits with NOTEN
DEALER_READY = NAGASHI_READY  # ready on 5z/6z (白 a yakuhai)


def _quiet(rules, *, dealer=0, ready=False, **at):
    """One go-around to an exhaustive draw: nobody calls, nobody pays unless the dealer is ready."""
    hands = dict(zip([(dealer + i) % 4 for i in (1, 2, 3)], NOTEN, strict=True))
    hands[dealer] = DEALER_READY if ready else QUIET_NOTEN
    game = table(rules, hands, QUIET, dealer=dealer, live_left=0, **at)
    to_the_end(game)
    return game


ALL_LAST = {"dealer": 3, "round_index": 1}  # South 4 of a hanchan
WEST_1, WEST_4 = {"dealer": 0, "round_index": 2}, {"dealer": 3, "round_index": 2}
YAME = [pytest.param(rule, rule != "off", id=rule) for rule in ("off", "optional", "forced")]


def _end_if_offered(game) -> None:
    """Optional yame: the dealer is asked (end_game or play_on) and ends the game; else nobody is asked."""
    if core.pending(game).get(3, [None])[0] == Action("end_game"):
        act(game, 3, "end_game")


@pytest.mark.parametrize(
    ("mode", "round_index", "length", "ready", "repeat"),
    [
        pytest.param("tenpai", 0, "hanchan", True, True, id="tenpai-ready"),
        pytest.param("tenpai", 0, "hanchan", False, False, id="tenpai-noten"),
        pytest.param("never", 0, "hanchan", True, False, id="never-ready"),
        pytest.param("always", 0, "hanchan", False, True, id="always-noten"),
        pytest.param("east_tenpai_south_always", 0, "hanchan", False, False, id="east_tenpai_south_always-east-noten"),
        pytest.param("east_tenpai_south_always", 1, "hanchan", False, True, id="east_tenpai_south_always-south-noten"),
        pytest.param("east_never_hanchan_tenpai", 0, "east", True, False, id="east_never_hanchan_tenpai-east-ready"),
        pytest.param("east_never_hanchan_tenpai", 0, "hanchan", True, True, id="east_never_hanchan_tenpai-hanchan"),
    ],
)
def test_draw_renchan(rules, mode, round_index, length, ready, repeat):
    game = _quiet(rules(draw_renchan=mode, game_length=length), ready=ready, round_index=round_index)
    assert game.history[-1]["tenpai"] == ([0] if ready else [])
    assert (game.dealer == 0) is repeat and game.honba == 1


@pytest.mark.parametrize(
    ("mode", "last", "over"),
    [
        pytest.param("below_zero", 0, False, id="below_zero-at_zero-plays_on"),
        pytest.param("below_zero", -1000, True, id="below_zero-negative-ends"),
        pytest.param("zero_or_below", 0, True, id="zero_or_below-at_zero-ends"),
        pytest.param("off", -1000, False, id="off-negative-plays_on"),
    ],
)
def test_bust(rules, mode, last, over):
    game = _quiet(rules(bust=mode), scores=(30000, 30000, 40000 - last, last))
    assert game.over is over


@pytest.mark.parametrize(
    ("options", "where", "top", "over"),
    [
        pytest.param({"extension": False}, ALL_LAST, 29000, True, id="no_extension-ends_at_south4"),
        pytest.param({}, ALL_LAST, 29000, False, id="below_30000-west_round"),
        pytest.param({}, ALL_LAST, 30500, True, id="threshold_return_points-30500-ends"),
        pytest.param({"extension_threshold": 31000}, ALL_LAST, 30500, False, id="threshold_31000-30500-west_round"),
        pytest.param({}, WEST_1, 31000, True, id="sudden_death-west1-ends"),
        pytest.param({"extension_end": "four_hands"}, WEST_1, 31000, False, id="four_hands-west1-plays_on"),
        pytest.param({"extension_end": "four_hands"}, WEST_4, 31000, True, id="four_hands-west4-ends"),
    ],
)
def test_extension(rules, options, where, top, over):
    """A noten dealer passes; the game ends or goes (on) into the West round by the extension options."""
    game = _quiet(rules(**options), scores=(top, 25000, 24000, 51000 - top), **where)
    assert game.over is over


@pytest.mark.parametrize(("rule", "over"), YAME)
def test_tenpai_yame(rules, rule, over):
    """The all-last dealer is ready and in 1st place at the draw."""
    game = _quiet(rules(tenpai_yame=rule), ready=True, scores=(22000, 22000, 22000, 34000), **ALL_LAST)
    assert game.history[-1]["tenpai"] == [3] and game.dealer == 3
    _end_if_offered(game)
    assert game.over is over


@pytest.mark.parametrize(("rule", "over"), YAME)
def test_agari_yame(rules, rule, over):
    """The all-last dealer, in 1st place, wins by tsumo on 白."""
    hands = {3: DEALER_READY, 0: NOTEN[0], 1: NOTEN[1], 2: NOTEN[2]}
    game = table(rules(agari_yame=rule), hands, "9m 5m 6m 5p 5z", scores=(22000, 22000, 22000, 34000), **ALL_LAST)
    turns(game, 4)
    act(game, 3, TSUMO)
    assert game.history[-1]["wins"][0]["seat"] == 3 and game.dealer == 3
    _end_if_offered(game)
    assert game.over is over


@pytest.mark.parametrize(
    ("mode", "scores", "left"),
    [
        pytest.param("top", (32000, 27000, 23000, 18000), 0, id="top"),
        pytest.param("vanish", (30000, 27000, 23000, 18000), 2000, id="vanish"),
        pytest.param("owners", (30000, 28000, 23000, 18000), 1000, id="owners-seat1_back-unknown_stays"),
    ],
)
def test_leftover_deposits(rules, mode, scores, left):
    """All-last: seat 1 declares riichi (a stick of unknown owner is already down); the draw ends the game."""
    hands = {3: QUIET_NOTEN, 0: NOTEN[0], 1: KANCHAN, 2: NOTEN[1]}
    at = {"scores": (31000, 25000, 24000, 19000), "table": 1000, **ALL_LAST}
    game = table(rules(leftover_deposits=mode), hands, QUIET + " 5s 6s 7m 8m", live_left=0, **at)
    turns(game, 2)
    act(game, 1, RIICHI, "5p")
    to_the_end(game)
    assert game.over and game.history[-1]["tenpai"] == [1]
    assert (tuple(game.scores), game.table) == (scores, left)


def _final(rules, scores, **options) -> dict:
    """The final settlement of a game whose last hand (South 4, nobody ready) leaves ``scores``."""
    game = _quiet(rules(**options), scores=scores, **ALL_LAST)
    assert game.over
    return game.final


@pytest.mark.parametrize(
    ("settled", "result"), [pytest.param(True, -52.0, id="on"), pytest.param(False, -50.0, id="off-clamped_at_0")]
)
def test_negative_settlement(rules, settled, result):
    """Seat 0 ends at -2000: settled as -2000, or as 0 (the top absorbs the difference)."""
    final = _final(rules, (-2000, 30000, 36000, 36000), negative_settlement=settled)
    assert final["results"][0] == result and sum(final["results"]) == pytest.approx(0)


@pytest.mark.parametrize(
    ("tie_break", "ranks", "results"),
    [
        pytest.param("seat_order", [1, 2, 3, 4], [40.0, 10.0, -20.0, -30.0], id="seat_order"),
        pytest.param("shared", [1, 1, 3, 3], [25.0, 25.0, -25.0, -25.0], id="shared-uma_and_oka_split"),
    ],
)
def test_tie_break(rules, tie_break, ranks, results):
    final = _final(rules, (30000, 30000, 20000, 20000), tie_break=tie_break)
    assert (final["ranks"], final["results"]) == (ranks, results)


@pytest.mark.parametrize(
    ("rounding", "adjust", "results"),
    [
        pytest.param("go_sha_roku_nyuu", True, [40.0, 10.0, -19.0, -31.0], id="go_sha_roku_nyuu"),
        pytest.param("go_sha_roku_nyuu", False, [41.0, 10.0, -19.0, -31.0], id="go_sha_roku_nyuu-no_adjust"),
        pytest.param("shi_sha_go_nyuu", True, [40.0, 10.0, -19.0, -31.0], id="shi_sha_go_nyuu"),
        pytest.param("none", True, [40.6, 9.6, -19.4, -30.8], id="none"),
        pytest.param("no_settlement", True, [0.0, 0.0, 0.0, 0.0], id="no_settlement"),
    ],
)
def test_rounding(rules, rounding, adjust, results):
    final = _final(rules, (30600, 29600, 20600, 19200), rounding=rounding, rounding_adjust_top=adjust)
    assert final["results"] == results


UMA_4TH = {"none": 0, "0-5": -5, "5-10": -10, "10-20": -20, "10-30": -30}


@pytest.mark.parametrize(("uma", "fourth"), [pytest.param(uma, fourth, id=uma) for uma, fourth in UMA_4TH.items()])
def test_uma(rules, uma, fourth):
    """4th place at 10000 points: -20 against the 30000 return, plus the 4th place uma."""
    final = _final(rules, (40000, 30000, 20000, 10000), uma=uma)
    assert final["results"][3] == -20.0 + fourth


# --- atozuke (後付け) -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "every_wait"),
    [
        pytest.param("234m567p99m555z", False, id="white-or-9m-shanpon-only-white-has-a-yaku"),
        pytest.param("234m567p55z666z", True, id="white-or-green-shanpon-both-have-a-yaku"),
    ],
)
def test_atozuke_off_needs_a_yaku_on_every_wait(hand, every_wait):
    """An open hand (a chi) on a shanpon: without 後付け every wait must give a yaku, not just the tile that came."""
    import mjsim
    from variants.riichi.play import yaku_on_every_wait

    rules = mjsim.RuleSet.resolve("tenhou", {"riichi.atozuke": False}).compile()
    ctx = mjsim.win_context(hand, melds=["chi:678s"], seat_wind="S")
    waits = sorted({k for k in (8, 31, 32) if k in mjsim.parse_kinds(hand)})
    assert yaku_on_every_wait(rules, ctx, waits) is every_wait


ONE_PLAYERS_QUADS = {0: "1111m2222m3333m5z", 1: "1111s579m3578p69s"}  # the dealer's three quads; seat 1's 1s


def _one_players_four_kans(rules) -> object:
    """The dealer declares four concealed kans on its first turn (1m, 2m, 3m, then the 5z its replacements made)."""
    game = table(rules, ONE_PLAYERS_QUADS, "9p 9m", dead="555z9s")
    for kind in ("1m", "2m", "3m", "5z"):
        act(game, 0, ANKAN, kind)
    turns(game)
    return game


@pytest.mark.parametrize(
    ("mode", "aborts"),
    [
        pytest.param("abort_4th_multi_player", False, id="abort_4th_multi_player-no_fifth_kan"),
        pytest.param("abort_4th_multi_player_or_5th", True, id="abort_4th_multi_player_or_5th-fifth_aborts"),
    ],
)
def test_a_fifth_kan_after_one_players_four(rules, mode, aborts):
    """S004 fl8: "四開槓（四槓子が成立している場合は5つ目）は流局": one player's four kans play on (四槓子 is still
    possible), and under fl8's rule the next kan by anyone aborts the hand."""
    game = _one_players_four_kans(rules(suukaikan=mode))
    assert not game.history and game.hand.kans == 4 and game.hand.current == 1
    assert offered(game, 1, ANKAN) is None
    if aborts:
        act(game, 1, ABORT, "1s")
        assert game.history[-1]["draw"] == "suukaikan"
    else:
        assert offered(game, 1, ABORT) is None


@pytest.mark.parametrize(("fixed", "live_after"), [(False, 2), (True, 3)], ids=["refilled", "wall_keep_fixed"])
def test_wall_keep_fixed_leaves_the_live_wall_whole_after_a_kan(rules, fixed, live_after):
    """S000 "王牌 常に14牌 / 壁牌を変更しない": by default the live wall gives its last tile to the dead wall at each
    replacement draw; with 壁牌を変更しない it gives none, so the hand's last draw comes one tile later per kan."""
    game = table(rules(wall_keep_fixed=fixed), {0: "1111m2222m3333m5z"}, "9p", live_left=3)
    assert len(game.hand.wall) == 3  # the dealer has drawn 9p: 3 live tiles left
    act(game, 0, ANKAN, "1m")
    core.pending(game)  # nobody may rob it: the window closes and the replacement is drawn
    assert len(game.hand.wall) == live_after and len(game.hand.rinshan) == 3

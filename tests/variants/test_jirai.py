"""地雷麻雀 (variants/jirai): the spec's worked examples (jirai.md §8), the set's evolution, options, invariants."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from types import SimpleNamespace

import pytest

import mjsim
from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import Transfer
from mjsim.rules import RuleSet
from mjsim.rules.options import Rules
from mjsim.runner.games import digest, run_games
from variants.jirai import checks
from variants.jirai.matching import CLEAN, EXEMPT, REVERSED, classify
from variants.jirai.options import OPTIONS, POOL_YAKU
from variants.jirai.payoff import REVERSED_REASON, reverse_transfers
from variants.jirai.state import FORBIDDEN, TRAIL, _next_set
from variants.riichi import table_facts as tf
from variants.riichi.win_text import win_context

PRESET = "jirai"


@cache
def rules(**overrides):
    """The jirai preset, with option overrides."""
    return RuleSet.resolve(PRESET, {f"jirai.{k}": v for k, v in overrides.items()}).compile()


def score(forbidden, hand, win, r=None, **kw):
    """A standalone jirai score of a win described in text."""
    ctx = win_context(hand, win, **kw)
    return mjsim.score(replace(ctx, extra={"jirai.forbidden": tuple(forbidden)}), r or rules())


# --- §8 worked examples --------------------------------------------------------------


def test_seed_example_1_reversed_riichi_pinfu_tsumo_dora3():
    """F = {Riichi}: a non-dealer's riichi pinfu tsumo dora 3 haneman pays 3000/3000/6000 instead."""
    s = score(
        ["riichi"], "123m456p789s22p345s", "3s", tsumo=True, seat_wind="S", situation=["riichi"], dora=["1p", "4s"]
    )
    assert {h.name for h in s.hits if not h.bonus} == {"riichi", "menzen_tsumo", "pinfu"}
    assert (s.detail.han, s.detail.limit) == (6, "haneman")
    assert s.payments == (6000, -12000, 3000, 3000)
    assert s.value == -12000


def test_seed_example_2_dealer_clean_pinfu_red_five_bonus_2():
    """F = {Tsumo, Tanyao}: the dealer's pinfu + red five ron gets +2 han: 4 han 30 fu = 11,600 (no kiriage)."""
    s = score(["menzen_tsumo", "tanyao"], "123m406p789s22p345s", "3s", discarder="S")
    assert (s.detail.han, s.detail.fu) == (4, 30)
    assert s.value == 11600
    assert s.payments == (11600, -11600, 0, 0)


def test_extra_open_tanyao_reversed_pays_1000():
    """F = {Tanyao}: an open tanyao 1 han 30 fu ron is paid by the winner to the discarder."""
    s = score(["tanyao"], "234m567p678s2m2m", "2m", melds=["chi:345s"], seat_wind="S", discarder="W")
    assert (s.detail.han, s.detail.fu) == (1, 30)
    assert s.payments == (0, -1000, 1000, 0)


def test_extra_toitoi_clean_haneman():
    """F = {Fanpai, Chiitoitsu, Honitsu}: toitoi + dora 2 + 3 bonus = 7 han, haneman 12000."""
    s = score(
        ["yakuhai", "chiitoitsu", "honitsu"],
        "999s33s44m3s",
        "3s",
        melds=["pon:222m", "pon:777p"],
        seat_wind="S",
        discarder="E",
        dora=["3m"],
    )
    assert s.detail.han == 7
    assert s.value == 12000


def test_extra_all_seven_dealer_sanbaiman():
    """k = 7: the dealer's toitoi + sanankou + aka 1 ron gets +7: 12 han, sanbaiman 36000."""
    s = score(POOL_YAKU, "777p999s333s4m4m", "4m", melds=["pon:505p"], discarder="N", dora=["1z"])
    assert s.detail.han == 12
    assert s.value == 36000


def test_extra_chinitsu_exempt_from_honitsu():
    """F = {Honitsu}: closed chinitsu tsumo pinfu is clean: 6+1+1+1 = 9 han, baiman 4000/8000."""
    s = score(["honitsu"], "123m234m678m99m45m6m", "6m", tsumo=True, seat_wind="S")
    assert s.detail.han == 9
    assert s.payments == (-8000, 16000, -4000, -4000)


def test_double_riichi_exempt_riichi_forbidden():
    """Double riichi replaces riichi and is never forbidden (unless exempt_higher leaves it out)."""
    args = ("123m456p789s22p345s", "3s")
    kw = dict(tsumo=False, seat_wind="S", discarder="E", situation=["double_riichi"])
    assert score(["riichi"], *args, **kw).value > 0
    assert score(["riichi"], *args, r=rules(exempt_higher="chinitsu"), **kw).value < 0


def test_yakuman_never_reversed_and_no_bonus():
    """A yakuman (daisangen) with Fanpai forbidden pays normally."""
    s = score(["yakuhai"], "555z666z777z11m23p", "1p", discarder="S", seat_wind="E")
    assert s.detail.yakuman and s.value == 48000


def test_shousangen_option():
    """小三元 matches Fanpai by default; shousangen_exempts_fanpai lifts it."""
    hits = [SimpleNamespace(name=n, bonus=False) for n in ("shousangen", "dragon_white", "dragon_green")]
    sc = SimpleNamespace(hits=hits, detail=SimpleNamespace(yakuman=0, limit="haneman"))
    assert classify(sc, ["yakuhai"], rules().values) == REVERSED
    assert classify(sc, ["yakuhai"], rules(shousangen_exempts_fanpai=True).values) == CLEAN


def test_kazoe_option():
    """Kazoe yakuman is checked normally by default; kazoe_is_yakuman exempts it."""
    sc = SimpleNamespace(
        hits=[SimpleNamespace(name="riichi", bonus=False)], detail=SimpleNamespace(yakuman=0, limit="kazoe yakuman")
    )
    assert classify(sc, ["riichi"], rules().values) == REVERSED
    assert classify(sc, ["riichi"], rules(kazoe_is_yakuman=True).values) == EXEMPT


def test_reversed_honba_and_sticks_by_option():
    """Honba reversed by default (ron: 300 each); deposits stay on the table by default."""
    kw = dict(seat_wind="S", discarder="W", melds=["chi:345s"], honba=2, sticks=1)
    s = score(["tanyao"], "234m567p678s2m2m", "2m", **kw)
    assert s.payments == (0, -1600, 1600, 0)
    s = score(
        ["tanyao"], "234m567p678s2m2m", "2m", r=rules(reverse_honba=False, deposits_on_reversal="to_payers"), **kw
    )
    assert s.payments == (0, -400, 1400, 0)


# --- Transfers and settlement -----------------------------------------------------------


def test_reverse_transfers_are_transfers_the_other_way():
    """Each payment to the reversed winner becomes a non-negative payment from the winner."""
    normal = [Transfer(0, 1, 6000, "win"), Transfer(2, 1, 3000, "win"), Transfer(-1, 1, 1000, "riichi sticks")]
    flipped, kept = reverse_transfers(normal, 1, {}, rules().values)
    assert flipped == [Transfer(1, 0, 6000, REVERSED_REASON), Transfer(1, 2, 3000, REVERSED_REASON)]
    assert kept == normal[:2]


# --- The forbidden set (§3) -----------------------------------------------------------------


def _fake(values, trail_prev, index, dealer, wins=True):
    hand = SimpleNamespace(index=index, dealer=dealer)
    history = [{"hand": trail_prev["index"], "wins": [{}] if wins else []}]
    return SimpleNamespace(rules=Rules(None, {}, values), seed=7, hand=hand, history=history, stash={})


def _walk(values, hands, dealer_of=lambda i: 0, forbidden_win=frozenset()):
    prev, sizes = None, []
    for i in range(hands):
        game = _fake(values, prev or {"index": -1}, i, dealer_of(i))
        f = _next_set(game, prev)
        if prev and dealer_of(i) == prev["dealer"] and len(f) == len(prev["forbidden"]) + 1:
            assert set(prev["forbidden"]) <= set(f)
        prev = {"index": i, "dealer": dealer_of(i), "forbidden": f, "forbidden_win": i in forbidden_win}
        sizes.append(len(f))
    return sizes


def test_count_grows_to_seven_then_resets():
    """Reading A (default): 1..7 played, then 1 again."""
    assert _walk(rules().values, 9) == [1, 2, 3, 4, 5, 6, 7, 1, 2]


def test_count_skip_to_one():
    """Reading B: the count never reaches play at 7."""
    assert _walk(rules(at_seven="skip_to_one").values, 8) == [1, 2, 3, 4, 5, 6, 1, 2]


def test_forbidden_win_resets_and_dealer_change_redraws():
    """A forbidden win resets to 1; a dealer change still adds one (with a fresh draw)."""
    assert _walk(rules().values, 6, dealer_of=lambda i: i // 2, forbidden_win={2}) == [1, 2, 3, 1, 2, 3]


def test_draws_reproducible_from_seed_and_hand():
    """The same seed and hand index give the same set."""
    values = rules().values
    assert _walk(values, 7) == _walk(values, 7)
    game = _fake(values, {"index": 0}, 1, 0)
    assert _next_set(game, None) == _next_set(game, None)


# --- Options ---------------------------------------------------------------------------------


def test_option_defaults_match_spec():
    """Every option's default is the spec's, and the preset writes the same values."""
    values = RuleSet("bare", ("riichi", "variants.jirai"), {}).compile().values
    assert values["jirai.at_seven"] == "play_then_reset"
    assert values["jirai.count_draws"] is True
    assert values["jirai.decomposition"] == "standard"
    assert values["jirai.shousangen_exempts_fanpai"] is False
    assert values["jirai.kazoe_is_yakuman"] is False
    assert values["jirai.reverse_honba"] is True
    assert values["jirai.deposits_on_reversal"] == "stay_on_table"
    assert values["jirai.reversed_dealer_win_renchan"] is True
    assert values["jirai.reveal_count"] is True
    assert values["jirai.pool"] == frozenset(POOL_YAKU)
    assert values["jirai.exempt_higher"] == frozenset({"double_riichi", "chinitsu"})
    preset = rules().values
    assert all(preset[option] == values[option] for option in OPTIONS)
    assert preset["riichi.bust"] == "off" and preset["riichi.kiriage_mangan"] == "off"


# --- Games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("agents", ["efficiency", "jirai_dealer_aware", "jirai_naive"])
def test_games_have_no_violations(agents):
    """A few games under the preset with every invariant checked after every step."""
    records = run_games(rules(), 3, 11, [agents] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0


@pytest.mark.parametrize(
    "override",
    [
        {"reverse_honba": False},
        {"deposits_on_reversal": "to_payers"},
        {"reversed_dealer_win_renchan": False},
        {"at_seven": "skip_to_one"},
        {"count_draws": False},
        {"decomposition": "winner_optimal"},
    ],
)
def test_options_play_without_violations(override):
    """Every non-default option plays clean games."""
    records = run_games(rules(**override), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0


def test_reproducible_digest():
    """The same seeds give the same records."""
    a = run_games(rules(), 2, 5, ["jirai_dealer_aware"] * 4)
    b = run_games(rules(), 2, 5, ["jirai_dealer_aware"] * 4)
    assert digest(a) == digest(b)


def test_reversals_happen_and_negate():
    """Over some games reversed wins occur, negative values are recorded, and the negation check holds."""
    agents = [make_agent("efficiency", random.Random(i), rules()) for i in range(4)]
    seen = 0
    for seed in range(1, 6):
        game = core.new_game(rules(), seed)
        while not game.over:
            offers = core.pending(game)
            core.step(game, {s: agents[s].act(observe(game, s), a) for s, a in offers.items()})
        seen += sum(len(e["reversals"]) for e in game.stash[TRAIL])
        assert checks.reversal_negates(game) is None and checks.count_follows(game) is None
    assert seen > 0


def test_observation_leaks_nothing_to_non_dealers():
    """Swapping F for another set of the same size changes only the dealer's view."""
    game = core.new_game(rules(), 3)
    views = [observe(game, s).extra for s in range(4)]
    entry = game.stash[TRAIL][-1]
    other = tuple(p for p in POOL_YAKU if p not in entry["forbidden"])[: len(entry["forbidden"])]
    entry["forbidden"] = game.stash[FORBIDDEN] = other
    after = [observe(game, s).extra for s in range(4)]
    dealer = game.hand.dealer
    for seat in range(4):
        assert "jirai_forbidden" not in views[seat] or seat == dealer
        assert (views[seat] == after[seat]) == (seat != dealer)
    assert views[(dealer + 1) % 4]["jirai_forbidden_count"] == 1


def test_belief_uniform_then_conditioned():
    """A non-dealer's belief: every set of the size, then only those consistent with a clean win."""
    from variants.jirai.bots import belief

    assert len(belief(2, ((0, 0, 2, ()),))) == 21
    public = ((0, 0, 1, ((1, ("pinfu", "riichi"), "clean"),)), (1, 0, 2, ()))
    sets = belief(2, public)
    assert sets and all(len(s - {"pinfu", "riichi"}) >= 1 for s in sets) and len(sets) == 20


# --- Hand facts (mjsim_record_hand) ------------------------------------------------------------------


def test_hand_facts_recorded_and_consistent():
    """Every hand records k and its wins by outcome; signed values match the wins; declines are offered ones."""
    records = run_games(rules(), 3, 11, ["jirai_dealer_aware"] * 4)
    hands = [h for r in records for h in r.hands]
    assert hands and all(1 <= h["jirai.count"] <= 7 for h in hands)
    for h in hands:
        wins = h.get("wins") or []
        assert h["jirai.wins"] == len(wins) == h["jirai.reversed"] + h["jirai.clean"] + h["jirai.exempt"]
        assert 0 <= h["jirai.dealer_declined_reversed"] <= h["jirai.dealer_offered_reversed"]
        assert h["jirai.dealer_told"] == 1
        if wins:
            assert h["jirai.signed_value"] == sum(w["value"] for w in wins)
            if len(wins) == 1:
                assert (h["jirai.signed_value"] < 0) == (h["jirai.reversed"] == 1)
            assert h["jirai.reversed_share"] == h["jirai.reversed"] / len(wins)
        else:
            assert "jirai.signed_value" not in h and "jirai.reversed_share" not in h
    assert any(h["jirai.dealer_declined_reversed"] for h in hands)  # a told, aware dealer declines reversed wins


def test_hand_facts_fixed_count_and_untold_dealer():
    """initial_count = max_count = k fixes the count; the untold dealer's facts say so."""
    records = run_games(rules(initial_count=3, max_count=3, reveal_to_dealer=False), 2, 5, ["efficiency"] * 4)
    hands = [h for r in records for h in r.hands]
    assert {h["jirai.count"] for h in hands} == {3}
    assert all(h["jirai.dealer_told"] == 0 for h in hands)
    # the efficiency bot never declines a win: every reversing win offered to the dealer was taken
    assert all(h["jirai.dealer_declined_reversed"] == 0 for h in hands)
    fixed = run_games(rules(initial_count=5, max_count=5), 1, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in fixed) == 0
    assert {h["jirai.count"] for r in fixed for h in r.hands} == {5}


@pytest.mark.parametrize("decomposition", ["standard", "winner_optimal"])
def test_a_pao_yakuman_is_paid_with_pao_whichever_reading_rule(decomposition):
    """大三元 fed by South (pao), won on West's discard: South and West each pay half, as under plain riichi."""
    hand, melds = "123m55p777z", ["pon:555z", "pon:666z"]
    ctx = win_context(hand, "7z", melds=melds, discarder="W")
    riichi = mjsim.score(tf.with_table(ctx, pao=1), RuleSet.resolve("tenhou").compile())
    r = rules(decomposition=decomposition)
    jirai = mjsim.score(replace(tf.with_table(ctx, pao=1), extra={"jirai.forbidden": ("dragon_white",)}), r)
    assert jirai.payments == riichi.payments == (48000, -24000, -24000, 0)

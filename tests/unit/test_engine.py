"""The engine: determinism, conservation, illegal actions and the hand/game flow."""

from __future__ import annotations

import pytest

from mjsim.checking.invariants import check_invariants
from mjsim.engine import core
from mjsim.engine.actions import Action
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, play_game, run_games


@pytest.fixture(scope="module")
def rules():
    return RuleSet.resolve("tenhou").compile()


def test_same_seed_same_digest(rules):
    first = run_games(rules, 3, root_seed=42, agent_names=["efficiency"] * 4)
    second = run_games(rules, 3, root_seed=42, agent_names=["efficiency"] * 4)
    assert digest(first) == digest(second)


def test_other_seed_other_digest(rules):
    a = run_games(rules, 2, root_seed=1, agent_names=["efficiency"] * 4)
    b = run_games(rules, 2, root_seed=2, agent_names=["efficiency"] * 4)
    assert digest(a) != digest(b)


@pytest.mark.parametrize(
    "agents",
    [["random"] * 4, ["tsumogiri"] * 4, ["efficiency", "defensive", "random", "tsumogiri"]],
    ids=["random", "tsumogiri", "mixed"],
)
def test_games_keep_the_invariants(rules, agents):
    record = play_game(rules, seed=7, agent_names=agents, check=True)
    assert record.violations == []
    assert sum(record.final["points"]) <= 100000
    assert sorted(record.final["ranks"]) == [1, 2, 3, 4]
    assert abs(sum(record.final["results"])) < 1e-6


def test_illegal_action_names_seat_action_and_legal_ones(rules):
    game = core.new_game(rules, 3)
    seat = next(iter(core.pending(game)))
    with pytest.raises(MjsimError, match=rf"seat {seat} chose .*legal actions: \["):
        core.step(game, {seat: Action("tsumo", 999)})


def test_dealer_starts_with_fourteen_tiles(rules):
    game = core.new_game(rules, 11)
    hand = game.hand
    assert [len(s.tiles) for s in hand.seats] == [14, 13, 13, 13]
    assert len(hand.wall) == 136 - 14 - 53
    assert len(hand.indicators_shown) == 1
    assert check_invariants(game) == []


@pytest.mark.parametrize(
    ("seed", "ending"),
    [
        pytest.param(5, "schedule", id="south-4-ends-it"),
        pytest.param(6, "bust", id="a-bust-in-the-east-ends-it"),
        pytest.param(12, "bust", id="a-bust-in-south-4-ends-it"),
    ],
)
def test_a_bust_or_the_schedule_ends_the_game(rules, seed, ending):
    """Under tenhou's rules a game ends after the hand that leaves a score below zero or after the last
    scheduled hand (South, the last seat dealing; later in an extension), and no hand before it busted."""
    south = 28  # the round wind's tile kind
    record = play_game(rules, seed=seed, agent_names=["efficiency"] * 4)
    *earlier, last = record.hands
    last_dealer = len(last["scores"]) - 1

    def busted(hand: dict) -> bool:
        return min(hand["scores"]) < 0

    def scheduled_end(hand: dict) -> bool:
        return hand["round"] > south or (hand["round"] == south and hand["dealer"] == last_dealer)

    assert not any(busted(hand) for hand in earlier)
    assert busted(last) == (ending == "bust")
    assert busted(last) or scheduled_end(last)


def test_unplayable_rules_fail_clearly():
    rules = RuleSet("scoring-only", ("mjsim.errors",)).compile()
    with pytest.raises(MjsimError, match="cannot play games"):
        play_game(rules, 1, ["random"] * 4)


def test_replaying_the_choices_rebuilds_the_game(rules):
    game = core.new_game(rules, 21)
    import random

    from mjsim.agents import make_agent
    from mjsim.agents.observation import observe

    bots = [make_agent("efficiency", random.Random(i), rules) for i in range(4)]
    for _ in range(300):
        offers = core.pending(game)
        if not offers:
            break
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
    again = core.replay_choices(rules, 21, game.choices)
    assert core.fingerprint(again) == core.fingerprint(game)


# --- Mechanisms the blood-battle family (chengdu) needs: declarations, meld payments, play after a win -------


@pytest.fixture(scope="module")
def chengdu_rules():
    return RuleSet.resolve("chengdu").compile()


def _play_until(rules, seed: int, stop, agents=("chengdu",) * 4, limit: int = 3000):
    """Step a game with bots until ``stop(game)`` holds (or the game ends); the game."""
    import random

    from mjsim.agents import make_agent
    from mjsim.agents.observation import observe

    game = core.new_game(rules, seed)
    bots = [make_agent(name, random.Random(i), rules) for i, name in enumerate(agents)]
    for _ in range(limit):
        offers = core.pending(game)
        if not offers or stop(game):
            break
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
    return game


def test_declarations_come_before_the_dealers_first_draw(chengdu_rules):
    from mjsim.engine.state import DECLARE

    game = core.new_game(chengdu_rules, 5)
    assert game.hand.phase == DECLARE and [len(s.tiles) for s in game.hand.seats] == [13] * 4
    choices = {seat: acts[1] for seat, acts in core.pending(game).items()}
    core.step(game, choices)
    assert game.hand.declared == choices
    assert [e.kind for e in game.log[-5:]] == ["declare"] * 4 + ["draw"]
    assert len(game.hand.seats[game.hand.dealer].tiles) == 14


def test_a_kong_is_paid_when_it_stands(chengdu_rules):
    for seed in range(40):
        game = _play_until(chengdu_rules, seed, lambda g: any(e.kind in ("kan", "ankan") for e in g.log))
        kongs = [i for i, e in enumerate(game.log) if e.kind in ("kan", "ankan")]
        if kongs:
            kong, after = game.log[kongs[0]], game.log[kongs[0] + 1]
            assert after.kind == "transfer" and after.data.reason == "kong" and after.data.payee == kong.seat
            return
    pytest.fail("no kong in 40 games")


def test_a_draw_keeps_the_wins_made_before_it(chengdu_rules):
    records = run_games(chengdu_rules, 6, root_seed=2, agent_names=["chengdu"] * 4)
    mixed = [h for r in records for h in r.hands if h.get("wins") and h.get("draw") == "exhaustive"]
    assert mixed and all(1 <= len(h["wins"]) <= 2 for h in mixed)


def test_after_a_win_play_may_resume_after_a_named_seat():
    rules = RuleSet.resolve("chengdu", {"chengdu.after_ron_next": "after_discarder"}).compile()
    for seed in range(60):
        game = _play_until(rules, seed, lambda g: any(e.kind == "win" and e.data["from"] is not None for e in g.log))
        wins = [i for i, e in enumerate(game.log) if e.kind == "win" and e.data["from"] is not None]
        if wins and game.hand is not None and game.hand.phase != "ended":
            source = game.log[wins[0]].data["from"]
            nxt = next(e for e in game.log[wins[0] :] if e.kind == "draw")
            left = {s for s in range(4) if game.hand.seats[s].left}
            assert nxt.seat == next((source + i) % 4 for i in (1, 2, 3) if (source + i) % 4 not in left)
            return
    pytest.fail("no ron in 60 games")


def test_kong_replacement_from_the_wall_front_or_tail(chengdu_rules):
    front = RuleSet.resolve("chengdu", {"chengdu.kong_replacement_from": "front"}).compile()
    for rules, index in ((chengdu_rules, -1), (front, 0)):
        game = core.new_game(rules, 5)
        core.step(game, {seat: acts[0] for seat, acts in core.pending(game).items()})
        expected = game.hand.wall[index]
        core._draw(game, game.hand, 1, replacement=True)
        assert game.hand.last_draw == expected


def test_bonus_tiles_dealt_are_set_aside_uncounted():
    """A flower in the deal is held uncounted (the 34 counts hold no bonus kind) until it is replaced."""
    from mjsim.engine.state import Seat

    seat = Seat()
    seat.add(136)
    seat.add(0)
    assert sum(seat.counts) == 1 and len(seat.counts) == 34
    seat.remove(136)
    assert seat.tiles == [0] and sum(seat.counts) == 1
    taiwan = RuleSet.resolve("taiwan").compile()
    flowers = taiwan.flow.setup.bonus_ids
    wall = sorted(flowers) + list(range(136))  # the dealer is dealt all eight flowers
    game = core.game_at(taiwan, scores=[0] * 4, dealer=0, round_index=0, honba=0, table=0, walls=(wall, [], []))
    dealer = game.hand.seats[0]
    assert sorted(dealer.flowers) == sorted(flowers) and not any(t in flowers for t in dealer.tiles)
    assert sum(dealer.counts) == len(dealer.tiles) == 17


# --- Choices before a turn draw (mjsim_before_draw): 台湾's declined last tile, as a general mechanism ---------


def _decline_offered_to(seat: int) -> RuleSet:
    """The tenhou rules plus a test variant that lets ``seat`` decline each of its turn draws."""
    import sys
    import types
    from dataclasses import replace

    from mjsim import hookimpl
    from mjsim.engine.actions import DECLINE_DRAW

    module = types.ModuleType("before_draw_probe")

    @hookimpl
    def mjsim_before_draw(seat):  # an implementation may take a subset of the hook's arguments
        return [Action(DECLINE_DRAW)] if seat == module.seat else None

    module.seat, module.mjsim_before_draw = seat, mjsim_before_draw
    sys.modules[module.__name__] = module
    tenhou = RuleSet.resolve("tenhou")
    return replace(tenhou, variants=(*tenhou.variants, module.__name__)).compile()


@pytest.mark.parametrize(("choice", "seat_holds"), [("draw", 14), ("decline_draw", None)], ids=["draw", "decline"])
def test_a_variant_may_offer_choices_before_a_draw(choice, seat_holds):
    """The seat about to draw is offered drawing first, then the variant's choices; declining ends the hand."""
    rules = _decline_offered_to(2)
    game = _play_until(rules, 3, lambda g: g.hand.phase == "predraw", agents=("efficiency",) * 4)
    assert game.hand.current == 2 and core.pending(game) == {2: [Action("draw"), Action("decline_draw")]}
    core.step(game, {2: Action(choice)})
    if seat_holds is None:
        assert game.history[-1]["draw"] == "decline_draw" and game.history[-1]["seat"] == 2
    else:
        assert game.hand.phase == "turn" and game.hand.current == 2 and len(game.hand.seats[2].tiles) == seat_holds


def test_riichi_games_are_never_asked_before_a_draw(rules):
    """Without an implementation of mjsim_before_draw there is no pre-draw phase: riichi play is unchanged."""
    game = _play_until(rules, 3, lambda g: False, agents=("efficiency",) * 4, limit=400)
    assert game.choices and not any(a.kind in ("draw", "decline_draw") for c in game.choices for a in c.values())

"""The claim fast path (``mjsim_may_claim``): a seat it skips could only have passed, in every family."""

from __future__ import annotations

import pytest

from mjsim.engine.actions import PASS
from mjsim.engine.offers import claim_candidates
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from variants.common.claims import may_call


def _count(name: str) -> list[int]:
    """34 counts holding the mpsz kinds of ``name`` (one each)."""
    from mjsim.hand.notation import parse_tiles
    from mjsim.hand.tiles import kind_of

    counts = [0] * 34
    for tile in parse_tiles(name):
        counts[kind_of(tile)] += 1
    return counts


@pytest.mark.parametrize(
    ("held", "kind", "chi", "expected"),
    [
        pytest.param("55m", 4, False, True, id="pon-pair"),
        pytest.param("5m", 4, True, False, id="one-copy-no-run"),
        pytest.param("46m", 4, True, True, id="kanchan-chi"),
        pytest.param("46m", 4, False, False, id="kanchan-not-from-the-left"),
        pytest.param("89m", 6, True, True, id="penchan-7"),
        pytest.param("12p", 9, True, False, id="no-run-below-1"),
        pytest.param("9m1p", 10, True, False, id="no-run-across-suits"),
        pytest.param("22z", 28, True, True, id="honour-pon"),
        pytest.param("13z", 28, True, False, id="no-honour-run"),
    ],
)
def test_may_call_reads_pairs_and_runs(held, kind, chi, expected):
    assert may_call(_count(held), kind, chi) is expected


@pytest.mark.parametrize(
    ("preset", "agents"),
    [
        pytest.param("tenhou", ["efficiency"] * 4, id="riichi"),
        pytest.param("tenhou", ["human"] * 4, id="riichi-human"),
        pytest.param("boo-classic", ["boo", "boo", "efficiency", "tsumogiri"], id="boo"),
        pytest.param("tenhou-sanma", ["efficiency"] * 3, id="sanma"),
        pytest.param("chengdu", ["chengdu"] * 4, id="chengdu"),
        pytest.param("taiwan", ["taiwan", "taiwan", "efficiency", "random"], id="taiwan"),
    ],
)
def test_a_seat_the_fast_path_skips_could_only_pass(preset, agents):
    rules = RuleSet.resolve(preset).compile()
    flow, fast = rules.flow, rules.flow._may_claim  # the hook as resolved (Hooks is compiled: patch its field)
    answers = {True: 0, False: 0}

    def checked(game, seat, tile):
        may = fast(game, seat, tile) is not False  # as Hooks.may_claim reads the answer
        answers[may] += 1
        if not may:
            offered = flow.legal_actions(game, seat, claim_candidates(game, game.hand, seat))
            assert [a.kind for a in offered] == [PASS], (seat, tile, offered)
        return may

    flow._may_claim = checked  # the engine asks rules.flow, so every claim window of these games is checked
    run_games(rules, 2, root_seed=11, agent_names=agents)
    assert answers[True] and answers[False]  # both answers were given (and each skip checked)

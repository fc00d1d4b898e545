"""Play statistics: facts of play read from an event log, and exact figures of hand-made records."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mjsim.engine.actions import CHI, DECLARE_DISCARD, DISCARD, PON, Event
from mjsim.errors import MjsimError
from mjsim.play.facts import play_facts
from mjsim.play.stats import play_statistics, total_variation
from mjsim.play.terms import PlayTerms, load_reference
from mjsim.scoring import Hit

TERMS = PlayTerms(declaration=("riichi", DECLARE_DISCARD), groups={"han": lambda w: str(w["han"])}, patterns="yaku")


def _score(value: int, han: int, *names: str):
    hits = tuple(Hit(n, n, 1) for n in names) + (Hit("dora", "dora", 1, bonus=True),)
    return SimpleNamespace(value=value, hits=hits, detail=SimpleNamespace(record=lambda: {"han": han, "fu": 30}))


def _win(seat: int, source: int | None, value: int, han: int, *names: str) -> Event:
    return Event("win", seat, {"tile": 0, "from": source, "score": _score(value, han, *names)})


# Hand 0: seat 0 declares, seat 1 pons and chis, seat 2 discards into a double ron (seats 0 and 3).
# Hand 1: seat 1 declares on its second discard and wins by tsumo on its third turn.
# Hand 2: an exhaustive draw.
LOG = [
    Event("deal", None, ()),
    Event(DECLARE_DISCARD, 0, 1),
    Event(PON, 1, (1, (2, 3), 0)),
    Event(DISCARD, 1, 4),
    Event(CHI, 1, (4, (5, 6), 0)),
    Event("ankan", 2, (8, 9, 10, 11)),
    Event(DISCARD, 2, 12),
    _win(0, 2, 8000, 3, "riichi", "tanyao"),
    _win(3, 2, 1000, 1, "tanyao"),
    Event("hand_end", None, {}),
    Event("deal", None, ()),
    Event(DISCARD, 1, 1),
    Event(DECLARE_DISCARD, 1, 2),
    _win(1, None, 2000, 2, "riichi", "menzen_tsumo"),
    Event("hand_end", None, {}),
    Event("deal", None, ()),
    Event("draw_end", None, {}),
    Event("hand_end", None, {}),
]
HANDS = [
    {"wins": [{"seat": 0, "from": 2, "value": 8000}, {"seat": 3, "from": 2, "value": 1000}]},
    {"wins": [{"seat": 1, "from": None, "value": 2000}]},
    {"draw": "exhaustive", "tenpai": [0, 2]},
]


@pytest.fixture
def play():
    return play_facts(LOG, 4, ["a", "b", "a", "b"], TERMS)


def test_play_facts_count_calls_declarations_deal_ins_and_turns(play):
    first, second, third = play["hands"]
    assert first["calls"] == [0, 2, 0, 0]  # a concealed kan is no open call
    assert first["declared"] == [1, 0, 0, 0] and second["declared"] == [0, 1, 0, 0]
    assert first["deal_ins"] == [0, 0, 1, 0]  # a double ron is one deal-in
    assert [w["turn"] for w in first["wins"]] == [2, 1] and second["wins"][0]["turn"] == 3
    assert first["wins"][0]["patterns"] == ["riichi", "tanyao"]  # the bonus dora is no yaku
    assert first["wins"][0]["groups"] == {"han": "3"}
    assert third == {"calls": [0] * 4, "declared": [0] * 4, "deal_ins": [0] * 4, "wins": []}
    assert (play["declaration"], play["groups"], play["patterns"]) == ("riichi", ["han"], "yaku")


def test_statistics_of_hand_made_records_are_exact(play):
    s = play_statistics([{"index": 0, "hands": HANDS, "play": play}])
    assert (s["games"], s["hands"], s["player_hands"], s["wins"]) == (1, 3, 12, 3)
    assert s["win"] == 3 / 12 and s["deal_in"] == 1 / 12 and s["riichi"] == 2 / 12 and s["call"] == 1 / 12
    assert s["draw"] == 1 / 3 and s["hands_per_game"] == 3 and s["tenpai_at_draw"] == 2 / 4
    assert s["mean_win"] == 11000 / 3 and s["tsumo"] == 1 / 3 and s["win_turn"] == 2
    assert s["han"] == {"1": 1 / 3, "2": 1 / 3, "3": 1 / 3}
    assert s["yaku"] == {"riichi": 2 / 3, "tanyao": 2 / 3, "menzen_tsumo": 1 / 3}


def test_statistics_per_seat_and_per_agent(play):
    s = play_statistics([{"index": 0, "hands": HANDS, "play": play}])
    assert [st["win"] for st in s["seats"]] == [1 / 3, 1 / 3, 0, 1 / 3]
    assert [st["call"] for st in s["seats"]] == [0, 1 / 3, 0, 0]
    assert s["seats"][2]["deal_in"] == 1 / 3 and s["seats"][2]["mean_win"] is None
    assert s["agents"]["a"]["win"] == 1 / 6 and s["agents"]["b"]["win"] == 2 / 6
    assert s["agents"]["a"]["tenpai_at_draw"] == 1.0 and s["agents"]["b"]["tenpai_at_draw"] == 0.0
    assert "draw" not in s["seats"][0] and "hands_per_game" not in s["agents"]["a"]


def test_records_without_play_facts_give_none():
    assert play_statistics([{"index": 0, "hands": HANDS}]) is None


def test_play_facts_that_miss_a_win_are_refused(play):
    hands = [HANDS[0], {"wins": []}, HANDS[2]]
    with pytest.raises(MjsimError, match="play facts of 1 wins"):
        play_statistics([{"index": 0, "hands": hands, "play": play}])


def test_a_family_without_declaration_or_patterns_counts_neither():
    play = play_facts(LOG, 4, ["a"] * 4, PlayTerms())
    s = play_statistics([{"index": 0, "hands": HANDS, "play": play}])
    assert "riichi" not in s and "yaku" not in s and s["terms"] == {"declaration": None, "groups": [], "patterns": None}


def test_total_variation():
    assert total_variation({"1": 0.5, "2": 0.5}, {"1": 0.5, "2": 0.5}) == 0
    assert total_variation({"1": 1.0}, {"2": 1.0}) == 1
    assert total_variation({"1": 0.7, "2": 0.3}, {"1": 0.5, "2": 0.5}) == pytest.approx(0.2)


@pytest.mark.parametrize(
    "text, message",
    [
        ("name = 'x'\n", "needs a \\[figures\\]"),
        ("[figures]\nwin = 0.2\n[sources]\n", "without a source: win"),
        ("[figures]\nwin = 'high'\n[sources]\nwin = 's'\n", "must be a number"),
        ("[figures\n", "reference file"),
        ("seats = 'four'\n[figures]\n[sources]\n", "seats must be a whole number"),
    ],
    ids=["no-tables", "unsourced", "not-a-number", "bad-toml", "bad-seats"],
)
def test_bad_reference_files_are_one_line_errors(tmp_path, text, message):
    path = tmp_path / "ref.toml"
    path.write_text(text)
    with pytest.raises(MjsimError, match=message):
        load_reference(path)


def test_the_phoenix_reference_sources_every_figure_and_its_han_shares_sum_to_one():
    from variants.riichi.statistics import phoenix

    ref = phoenix()
    assert set(ref.figures) == set(ref.sources)
    assert sum(ref.figures["han"].values()) == pytest.approx(1.0, abs=0.002)
    assert ref.figures["win"] == 0.211 and ref.figures["hands_per_game"] == 10.71


@pytest.mark.parametrize("with_reference", [True, False], ids=["phoenix-beside", "no-reference"])
def test_report_section_shows_reference_columns_only_when_there_is_one(play, with_reference):
    from mjsim.play import section as report_play
    from variants.riichi.statistics import phoenix

    s = play_statistics([{"index": 0, "hands": HANDS, "play": play}])
    ref = phoenix()
    found = {k: getattr(ref, k) for k in ("name", "about", "figures", "sources")} if with_reference else None
    lines = report_play.markdown("hanchan @ human", {"statistics": s, "reference": found})
    header = next(line for line in lines if line.startswith("| figure"))
    win = next(line for line in lines if line.startswith("| win "))
    if with_reference:
        assert header == "| figure | this run | people (Tenhou Phoenix) | difference |"
        assert win == "| win | 0.250 | 0.211 | +0.039 |"
    else:
        assert header == "| figure | this run |" and win == "| win | 0.250 |"
        assert any("no reference of real play" in line for line in lines)

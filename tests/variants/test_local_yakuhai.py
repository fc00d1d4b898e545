"""特定の牌の刻子を役牌とするルール (variants/local_yakuhai): the seed's examples (other_variants.md §2), the plain
pair, several designated tiles, invariants and play."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

import mjsim
import variants.local_yakuhai as local
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.rules.options import Rules
from mjsim.runner.games import run_games


@cache
def rules(preset: str = "tokyo", tiles: tuple[str, ...] | None = None):
    """A preset, with the designated tiles overridden."""
    overrides = {} if tiles is None else {"local_yakuhai.tiles": list(tiles)}
    return RuleSet.resolve(preset, overrides).compile()


def score(hand, win, r, **kw):
    """A standalone score of a non-dealer's (South, East round) win, a ron from West unless tsumo."""
    kw.setdefault("discarder", None if kw.get("tsumo") else "W")
    return mjsim.score(mjsim.win_context(hand, win, seat_wind="S", **kw), r)


def local_hits(s):
    return [(h.name, h.title, h.value) for h in s.hits if h.name.startswith("local_yakuhai_")]


# --- The seed's examples ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "hand", "win", "melds", "hit", "fu"),
    [
        pytest.param(
            "tokyo", "789m111p234567s33z", "7s", [], ("local_yakuhai_1p", "特定牌 一筒", 1), 40, id="1p-Tokyo"
        ),
        # The seed writes "999m456p北北北 ポン888s西西西"; read as 西西 the pair, the 14-tile hand it illustrates.
        pytest.param(
            "hokkaido",
            "999m456p44433z",
            "6p",
            ["pon:888s"],
            ("local_yakuhai_8s", "特定牌 八索", 1),
            40,
            id="8s-Hokkaido",
        ),
    ],
)
def test_seed_examples_win_with_one_han(preset, hand, win, melds, hit, fu):
    """Each example has no yaku under Tenhou rules and exactly the 1-han local yakuhai here."""
    with pytest.raises(MjsimError, match="no yaku"):
        score(hand, win, rules("tenhou"), melds=melds)
    s = score(hand, win, rules(preset), melds=melds)
    assert local_hits(s) == [hit] and s.detail.han == 1 and s.detail.fu == fu


@pytest.mark.parametrize(
    ("tile", "triplet_fu"),
    [
        pytest.param("1p", ("closed triplet 1p", 8), id="1p-terminal-8fu"),
        pytest.param("8s", ("closed triplet 8s", 4), id="8s-simple-4fu"),
    ],
)
def test_triplet_earns_normal_fu(tile, triplet_fu):
    """The designated triplet earns normal triplet fu: 1p a terminal (8 concealed), 8s a simple (4)."""
    hand = {"1p": "234m567m111p789s55s", "8s": "234m567m111m888s55s"}[tile]
    s = score(hand, "6m", rules("tokyo", (tile,)), tsumo=True)
    assert triplet_fu in s.detail.fu_parts and local_hits(s)


def test_pair_is_plain_and_may_be_the_pinfu_pair():
    """A designated pair earns no fu and pinfu stands with it (20 base + 10 closed ron = 30 fu)."""
    s = score("234m567m234p678s11p", "4p", rules("tokyo"))
    assert [h.name for h in s.hits] == ["pinfu"] and s.detail.fu_parts == (("base", 20), ("closed ron", 10))


def test_quad_and_open_triplet_count():
    """A quad and an open triplet are as good as a concealed triplet."""
    assert local_hits(score("123m456m789s22z", "3m", rules("tokyo"), melds=["kan:1111p"]))
    assert local_hits(score("123m456m789s22z", "3m", rules("tokyo"), melds=["pon:111p"]))


def test_several_designated_tiles_one_han_each():
    """With 1p and 8s designated, a hand with both triplets has 2 han of local yakuhai."""
    s = score("111p888s234m567m99m", "9m", rules("tokyo", ("1p", "8s")), tsumo=True)
    assert [h[0] for h in local_hits(s)] == ["local_yakuhai_1p", "local_yakuhai_8s"]


def test_not_a_yakuhai_for_other_plugins():
    """Asked "is this yakuhai?", jirai's Fanpai answers no for a local yakuhai."""
    from variants.jirai.matching import pool_hits

    s = score("789m111p234567s33z", "7s", rules("tokyo"))
    assert pool_hits(s.hits, RuleSet.resolve("jirai").compile().values) == frozenset()


def test_honor_tiles_cannot_be_designated():
    """Only number tiles may be designated (honours are yakuhai or guest winds already)."""
    with pytest.raises(MjsimError, match="local_yakuhai.tiles"):
        RuleSet.resolve("tokyo", {"local_yakuhai.tiles": "1z"}).compile()


# --- Invariants and play -----------------------------------------------------------------------------------


def _game_with(s, tsumo=False, closed=True, tiles=("1p",)):
    values = {"local_yakuhai.tiles": frozenset(tiles), "riichi.tsumo_pinfu": True}
    win = {"hand": 0, "score": s, "closed": closed, "tsumo": tsumo}
    return SimpleNamespace(stash={local.WINS: [win]}, rules=Rules(None, {}, values))


def test_invariants_catch_violations():
    """Han per triplet and the plain pair are checked against the recorded wins."""
    good = score("789m111p234567s33z", "7s", rules("tokyo"))
    assert local.han_per_triplet(_game_with(good)) is None
    assert local.han_per_triplet(_game_with(good._replace(hits=())))
    pinfu = score("234m567m234p678s11p", "4p", rules("tokyo"))
    assert local.pair_is_plain(_game_with(pinfu)) is None
    assert local.pair_is_plain(_game_with(pinfu._replace(hits=())))
    assert local.pair_is_plain(
        _game_with(pinfu._replace(detail=pinfu.detail._replace(fu_parts=pinfu.detail.fu_parts + (("value pair", 2),))))
    )


@pytest.mark.parametrize("preset", ["tokyo", "hokkaido"])
def test_games_have_no_violations_and_record_wins(preset):
    """Games under each preset, every invariant checked after every step."""
    records = run_games(rules(preset), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0
    assert all("local_yakuhai.wins" in h for r in records for h in r.hands)

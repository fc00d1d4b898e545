"""Property: a riichi situation set no game can give is always refused, and every set a game can give is
accepted (issue 20).

"Can give" is defined here independently of ``variants/riichi/situations.py``: by telling the short stories
of a win (who wins, with which melds, after which riichi, at which moment of the hand) and reading off the
situations each story gives. The refusals must then be exactly the sets no story gives.
"""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from mjsim.errors import MjsimError
from mjsim.rules import Rules, RuleSet
from mjsim.scoring import ANKAN, KAN, PON, Meld, WinContext
from mjsim.scoring.win_input import refuse_impossible

NAMES = ("riichi", "double_riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "tenhou", "chiihou", "renhou")
MELDS = ("none", "ankan", "pon", "minkan")
CLOSED = ("none", "ankan")  # riichi is declared only with these

# moment -> (self-drawn, the situations it gives to the dealer, to a non-dealer, melds allowed, riichi allowed)
MOMENTS = {
    "first draw": (True, {"tenhou"}, {"chiihou"}, ("none",), False),
    "first go-around ron": (False, set(), {"renhou"}, ("none",), False),
    "first go-around, robbing a concealed kan (kokushi)": (False, {"chankan"}, {"renhou", "chankan"}, ("none",), False),
    "a draw": (True, set(), set(), MELDS, True),
    "a discard": (False, set(), set(), MELDS, True),
    "the last draw": (True, {"haitei"}, {"haitei"}, MELDS, True),
    "the last discard": (False, {"houtei"}, {"houtei"}, MELDS, True),
    # any melds: on a three-player table the replacement tile of a north needs no kan
    "a replacement tile": (True, {"rinshan"}, {"rinshan"}, MELDS, True),
    "robbing a kan": (False, {"chankan"}, {"chankan"}, MELDS, True),
}
# riichi declared -> the situation sets it gives (the mahjong package marks a double riichi as riichi too)
RIICHI = {"none": [set()], "riichi": [{"riichi"}], "double": [{"double_riichi"}, {"double_riichi", "riichi"}]}


def _stories():
    """Every (dealer, tsumo, melds, situations) a win in a game can have."""
    for dealer, melds, riichi, ippatsu, moment in itertools.product(
        (True, False), MELDS, RIICHI, (False, True), MOMENTS
    ):
        tsumo, for_dealer, for_other, melds_allowed, riichi_allowed = MOMENTS[moment]
        if melds not in melds_allowed or (riichi != "none" and (not riichi_allowed or melds not in CLOSED)):
            continue
        if ippatsu and (riichi == "none" or moment == "a replacement tile"):  # a kan of one's own ends ippatsu
            continue
        for declared in RIICHI[riichi]:
            flags = (for_dealer if dealer else for_other) | declared | ({"ippatsu"} if ippatsu else set())
            yield dealer, tsumo, melds, frozenset(flags)


ARISE = frozenset(_stories())


@cache
def _rules() -> Rules:
    return RuleSet.resolve("riichi").compile()


def _meld(kind: str) -> tuple[Meld, ...]:
    tiles = {"ankan": (132, 133, 134, 135), "pon": (132, 133, 134), "minkan": (132, 133, 134, 135)}
    meld_type = {"ankan": ANKAN, "pon": PON, "minkan": KAN}
    return () if kind == "none" else (Meld(meld_type[kind], tiles[kind], 132 if kind != "ankan" else None),)


def _accepted(dealer: bool, tsumo: bool, melds: str, flags: frozenset[str]) -> bool:
    ctx = WinContext(
        concealed=tuple(range(0, 4 * (14 - 3 * (melds != "none")), 4)),
        win_tile=0,
        melds=_meld(melds),
        tsumo=tsumo,
        seat_wind=27 if dealer else 28,
        discarder=None if tsumo else 3 if not dealer else 1,
        situation=flags,
    )
    try:
        refuse_impossible(ctx, _rules())
    except MjsimError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("impossible win: ")
        return False
    return True


def test_every_story_of_a_game_is_accepted():
    refused = [story for story in sorted(ARISE, key=repr) if not _accepted(*story)]
    assert not refused


@given(
    dealer=st.booleans(),
    tsumo=st.booleans(),
    melds=st.sampled_from(MELDS),
    flags=st.frozensets(st.sampled_from(NAMES), max_size=4),
)
def test_refused_exactly_when_no_story_gives_it(dealer, tsumo, melds, flags):
    assert _accepted(dealer, tsumo, melds, flags) == ((dealer, tsumo, melds, flags) in ARISE)

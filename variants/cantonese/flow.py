"""Cantonese game flow during a hand: the table and who may win on what (docs/cantonese.md, "Equipment")."""

from __future__ import annotations

from mjsim.engine.actions import ANKAN, RON, TSUMO, Action
from mjsim.engine.offers import drawable
from mjsim.engine.outcomes import ClaimResult
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.hand.decompose import waits
from mjsim.hand.tiles import FIRST_FLOWER_ID, NUM_PHYSICAL, kind_of
from mjsim.scoring import NoWin, WinContext
from variants.cantonese import options as opt
from variants.cantonese.faan import FLOWERS_KEY


def table_setup(rules) -> TableSetup:
    """144 tiles with the flowers (136 without) [Y], 13-tile hands, flowers set aside and replaced."""
    flowers = rules[opt.FLOWERS]
    return TableSetup(
        tiles=tuple(range(NUM_PHYSICAL if flowers else FIRST_FLOWER_ID)),
        start_points=rules[opt.START_POINTS],
        bonus_ids=frozenset(range(FIRST_FLOWER_ID, NUM_PHYSICAL)) if flowers else frozenset(),
    )


def win_context(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of ``seat`` winning on ``tile`` when the tile completes four sets and a pair or 十三么."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    if not tsumo and hand.phase == ROB and hand.rob_kind == ANKAN:
        return None  # a concealed kong cannot be robbed
    counts = list(me.counts)
    if tsumo:
        counts[kind_of(tile)] -= 1
    if kind_of(tile) not in waits(counts, seven_pairs=False):
        return None
    source = None if tsumo else (hand.discard if hand.phase != ROB else hand.robbed)[0]
    return WinContext(
        concealed=tuple(me.tiles) if tsumo else tuple(me.tiles) + (tile,),
        win_tile=tile,
        melds=tuple(me.melds),
        tsumo=tsumo,
        seat_wind=hand.wind_of(seat),
        round_wind=hand.round_wind,
        discarder=None if source is None else hand.wind_of(source) - 27,
        situation=_situation(game, tsumo),
        extra={FLOWERS_KEY: tuple(kind_of(t) for t in me.flowers)},
    )


def _situation(game, tsumo: bool) -> frozenset[str]:
    """Circumstances no tile shows: kong replacement, last tile, robbed kong."""
    hand = game.hand
    last = drawable(game, hand) <= 0
    if tsumo:
        found = {"rinshan"} if hand.after_kan else set()
        return frozenset(found | ({"haitei"} if last else set()))
    if hand.phase == ROB:
        return frozenset({"chankan"})
    return frozenset({"houtei"} if last else ())


def accept_win(game, seat: int, ctx: WinContext, score) -> bool:
    """A win stands when it reaches the minimum faan (an offer, ``score`` None, is scored here)."""
    if score is not None:
        return True
    try:
        game.rules.score_win(ctx, game.rules)
    except NoWin:
        return False
    return True


def resolve_claims(game, answers: dict[int, Action]) -> ClaimResult | None:
    """Several rons on one tile: the nearest claimant after the discarder wins alone (截糊) [proposal: the sources
    name no double win, and under 半銃 a second winner would pay the first]; else the engine's priority."""
    rons = [seat for seat, a in answers.items() if a.kind == RON]
    if not rons:
        return None
    who = (game.hand.discard or game.hand.robbed)[0]
    nearest = min(rons, key=lambda seat: (seat - who) % len(game.hand.seats))
    return ClaimResult([(nearest, answers[nearest])])

"""Riichi or dama, concealed and added kans, and 九種九牌: the choices of one's own turn beside the discard."""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.engine.actions import ANKAN, Action
from mjsim.hand.shanten import orphans_shanten, shanten
from mjsim.hand.tiles import YAOCHU, kind_of
from variants.riichi.human import value
from variants.riichi.human.context import Context, action_tile, after_discards, discard_facts, kind_set
from variants.riichi.human.discard import discard_scores, pick_tile


def choose_riichi(ctx: Context, declaring: list[Action], discards: list[Action]) -> Action:
    """Declare on the best ready discard unless dama pays more, the wait is poor early, or the hand must fold."""
    facts = discard_facts(ctx, kind_set(declaring))
    best = max(facts, key=lambda k: (facts[k][1], k not in ctx.doras))
    live = facts[best][1]
    if ctx.threats:
        scores = discard_scores(ctx, discards)
        chosen = max(scores, key=lambda k: scores[k])
        if chosen not in facts:  # the hand folds (or steps back): no declaration
            return pick_tile(ctx, [a for a in discards if kind_of(action_tile(a)) == chosen])
        best, live = chosen, facts[chosen][1]  # a safer ready discard still declares (追っかけ)
    dama = _stays_dama(ctx, best, live)
    if ctx.stakes.aware:
        dama = _dama_by_stakes(ctx, best, live, dama)
    if dama:
        return pick_tile(ctx, [a for a in discards if kind_of(action_tile(a)) == best])
    return pick_tile(ctx, [a for a in declaring if kind_of(action_tile(a)) == best])


def _stays_dama(ctx: Context, kind: int, live: int) -> bool:
    """Dama: a yaku already worth a lot, or a yaku late in the wall; no declaration on a near-dead wait early."""
    p = ctx.profile
    counts = ctx.counts
    counts[kind] -= 1
    try:
        facts = ctx.facts(counts)
        yaku = value.yaku_han(facts, True, p.honitsu_min_tiles, p.toitoi_min_pairs)
        dama_points = value.points(yaku + value.dora_han(facts), ctx.dealer) if yaku else 0
    finally:
        counts[kind] += 1
    if yaku and dama_points >= p.dama_min_points * (1.5 if ctx.dealer else 1.0):
        return True
    if yaku and ctx.obs.wall_left <= p.dama_late_wall:
        return True
    early = len(ctx.obs.rivers[ctx.obs.seat]) + 1 < p.riichi_bad_wait_early_turn
    return live < p.riichi_min_wait_tiles and early


RIICHI_WIN_SHARE = 0.85  # a declared hand wins less often than the same hand dama: the others fold [P][H]
BASE_DEPOSIT = 1000.0  # the deposit of the rules the profile was fitted under (Tenhou)
RIICHI_EXTRA_HAN = 1  # a declared win's menzen tsumo (.43), ura (.42) and ippatsu (.19) add about a han [K]
TSUMO_SHARE_DAMA = 0.43  # a ready hand without a yaku wins dama only by its own draw (Phoenix tsumo share) [K]


def _dama_by_stakes(ctx: Context, kind: int, live: int, fitted: bool) -> bool:
    """Riichi or dama: the fitted choice, unless what this rule set's payoff changes against the fitted rules'
    (a 1,000 deposit, no chips, no 焼き鳥) moves riichi's margin over dama by more than that margin.

    Riichi adds a han (about two with menzen tsumo, ura and ippatsu) for a lower chance to win and a deposit
    lost unless the hand wins. The profile's dama rules were fitted to people's choices under Tenhou's payoff,
    so only the payoff's difference moves a choice: the deposit's excess at the seat's rate of a point lost
    against one won (a leader's deposit costs more), ura and ippatsu chips, and a first win's worth (焼き鳥),
    which dama reaches more often."""
    counts = ctx.counts
    counts[kind] -= 1
    try:
        facts = ctx.facts(counts)
        p = ctx.profile
        yaku = value.yaku_han(facts, True, p.honitsu_min_tiles, p.toitoi_min_pairs)
        dora = value.dora_han(facts)
    finally:
        counts[kind] += 1
    chance = ctx.win_chance(0, live)
    riichi = chance * RIICHI_WIN_SHARE
    declared = value.points(yaku + dora + 1 + RIICHI_EXTRA_HAN, ctx.dealer)
    dama_chance = chance if yaku else chance * TSUMO_SHARE_DAMA  # without a yaku, dama wins only by tsumo
    dama = value.points(yaku + dora if yaku else dora + 1, ctx.dealer) * dama_chance
    base = riichi * declared - (1 - riichi) * BASE_DEPOSIT - dama
    s = ctx.stakes
    dearer = s.loss_all / max(s.gain, 0.05)  # a point put down against a point won, here
    change = (
        -(1 - riichi) * (s.stick - BASE_DEPOSIT) * dearer
        + riichi * s.riichi_side / max(s.gain, 0.05)
        + (riichi - dama_chance) * s.first_win / max(s.gain, 0.05)
    )
    # the fitted choice holds with the strength of the fitted payoff's margin; the change may overturn it
    return change + (-abs(base) if fitted else abs(base)) <= 0


def take_kan(ctx: Context, kan: Action) -> bool:
    """A concealed or added kan that leaves the hand no slower, with nobody threatening (it turns a dora)."""
    if ctx.threats:
        return False
    counts = list(ctx.counts)
    now = min(after_discards(counts))
    kind = kind_of(action_tile(kan))
    counts[kind] -= 4 if kan.kind == ANKAN else 1
    return shanten(counts) <= now


def play_on_nine_orphans(ctx: Context) -> bool:
    """Decline 九種九牌 when the hand is worth playing: near ready, or thirteen orphans within reach."""
    p = ctx.profile
    kinds = sum(1 for k in YAOCHU if ctx.counts[k])
    needed = p.kyuushu_orphans_kinds
    if ctx.stakes.aware:  # a seat that needs a big win (a point won dearer than one lost) reaches for 13 orphans
        s = ctx.stakes
        needed += -1 if s.gain > 1.5 * s.loss_all else (1 if s.loss_all > 1.5 * s.gain else 0)
    if kinds >= needed or orphans_shanten(ctx.counts) <= 2:
        return True
    return shanten(ctx.counts) <= p.kyuushu_play_shanten


def kan_actions(actions: Sequence[Action], kinds: tuple[str, ...]) -> list[Action]:
    """The actions of the given kinds."""
    return [a for a in actions if a.kind in kinds]

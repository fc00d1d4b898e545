"""What a seat could do now: the structurally possible actions the engine offers before variants filter them."""

from __future__ import annotations

from mjsim.engine.actions import ANKAN, CHI, DISCARD, KAKAN, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.engine.state import ROB, Game, HandState, Seat
from mjsim.engine.wins import may_win
from mjsim.hand.tiles import NUM_PHYSICAL, kind_of
from mjsim.scoring import PON as MELD_PON

_RED = 64  # above every kind: a red copy's key in self_candidates differs from its kind's
# Actions are immutable: the discard of each tile and the pass are made once, not at every offer (a turn offers
# a dozen discards, and building a NamedTuple is a Python-level call even from compiled code).
_DISCARDS = tuple(Action(DISCARD, tile) for tile in range(NUM_PHYSICAL))
_PASS = Action(PASS)


def self_candidates(game: Game, hand: HandState, seat: int) -> list[Action]:
    """Every structurally possible self action; variants filter them."""
    me = hand.seats[seat]
    seen: set[int] = set()
    actions = []
    reds = game.rules.flow.setup.red_ids
    for tile in reversed(me.tiles):  # the drawn tile first, so tsumogiri is the first discard
        key = kind_of(tile) + (_RED if tile in reds else 0)  # (kind, red) as one int: no tuple per tile
        if key not in seen:
            seen.add(key)
            actions.append(_DISCARDS[tile] if tile < NUM_PHYSICAL else Action(DISCARD, tile))
    if hand.last_draw is not None and may_win(game, seat, hand.last_draw, TSUMO):
        actions.append(Action(TSUMO, hand.last_draw))
    if can_kan(game, hand):
        actions += kan_candidates(me)
    return actions


def can_kan(game: Game, hand: HandState) -> bool:
    """A kan needs a replacement tile and a live tile after it."""
    setup = game.rules.flow.setup
    return drawable(game, hand) > 0 and (bool(hand.rinshan) or not setup.replacement_tiles)


def drawable(game: Game, hand: HandState) -> int:
    """Live tiles left to draw (a reserve at the end is never drawn)."""
    return len(hand.wall) - game.rules.flow.setup.reserve


def kan_candidates(me: Seat) -> list[Action]:
    """Concealed kans of four held copies, added kans of a pon whose fourth tile is held."""
    out = []
    counts = me.counts
    if 4 in counts:  # why: most turns hold no four of a kind, and the scan below is per kind
        for kind, n in enumerate(counts):
            if n == 4:  # all four copies of a kind (not a seat count)
                tiles = tuple(t for t in me.tiles if kind_of(t) == kind)
                out.append(Action(ANKAN, tiles[0], tiles))
    for meld in me.melds:
        if meld.type == MELD_PON and me.counts[meld.kind]:
            tile = next(t for t in me.tiles if kind_of(t) == meld.kind)
            out.append(Action(KAKAN, tile, meld.tiles))
    return out


def claimants(hand: HandState) -> list[int]:
    """Seats that may answer the open discard or added kan, nearest the discarder first."""
    return [seat for seat in seats_after(hand, hand.open_tile()[0]) if not hand.seats[seat].left]


def seats_after(hand: HandState, who: int) -> list[int]:
    """Every other seat in turn order, starting with the one after ``who``."""
    seats = len(hand.seats)
    return [(who + i) % seats for i in range(1, seats)]


def claim_candidates(game: Game, hand: HandState, seat: int) -> list[Action]:
    """Pass, and ron / kan / pon / chi where the tiles allow."""
    flow = game.rules.flow
    who, tile = hand.open_tile()
    actions = [_PASS]
    if may_win(game, seat, tile, RON):
        actions.append(Action(RON, tile))
    if hand.phase == ROB or drawable(game, hand) <= 0:
        return actions
    me, kind = hand.seats[seat], kind_of(tile)
    same = [t for t in me.tiles if kind_of(t) == kind]
    if len(same) >= 3 and can_kan(game, hand):
        actions.append(Action(KAN, tile, tuple(same[:3])))
    if len(same) >= 2:
        actions += [Action(PON, tile, pair) for pair in _distinct_pairs(same, flow.setup.red_ids)]
    if seat == (who + 1) % len(hand.seats) and kind < 27:
        actions += _chi_candidates(me, tile, kind, flow.setup.red_ids)
    return actions


def _distinct_pairs(same: list[int], reds: frozenset[int]) -> list[tuple[int, int]]:
    """Pairs of tiles that differ in a way that matters (a red five or not)."""
    plain = [t for t in same if t not in reds]
    red = [t for t in same if t in reds]
    pairs = []
    if len(plain) >= 2:
        pairs.append((plain[0], plain[1]))
    if red and plain:
        pairs.append((red[0], plain[0]))
    return pairs


def _chi_candidates(me: Seat, tile: int, kind: int, reds: frozenset[int]) -> list[Action]:
    out = []
    rank = kind % 9
    for low in (kind - 2, kind - 1, kind):
        if low < kind - rank or low + 2 > kind - rank + 8:
            continue
        others = [k for k in (low, low + 1, low + 2) if k != kind]
        if all(me.counts[k] for k in others):
            options = [[t for t in me.tiles if kind_of(t) == k] for k in others]
            for a in _variants(options[0], reds):
                for b in _variants(options[1], reds):
                    out.append(Action(CHI, tile, (a, b)))
    return out


def _variants(tiles: list[int], reds: frozenset[int]) -> list[int]:
    """One plain and one red copy at most: choices that differ only by copy are one choice."""
    plain = [t for t in tiles if t not in reds][:1]
    red = [t for t in tiles if t in reds][:1]
    return plain + red

"""Core invariants of any game, plus those variants register; checked after every step by ``--check``."""

from __future__ import annotations

from collections.abc import Callable

from mjsim.engine.state import TURN

Invariant = tuple[str, Callable[[object], str | None]]


def tiles_conserved(game) -> str | None:
    """Every tile of the set is in exactly one place: walls, hands, melds, rivers (uncalled) or bonus."""
    hand = game.hand
    if hand is None:
        return None
    places = hand.wall + hand.rinshan + hand.indicators + hand.moved
    for seat in hand.seats:
        places += seat.tiles + seat.flowers + [t for m in seat.melds for t in m.tiles]
        places += [t for i, t in enumerate(seat.river) if i not in seat.called_from_river]
    expected = game.rules.flow.setup.tiles
    if len(places) != len(expected) or sorted(places) != sorted(expected):
        return f"tiles not conserved: {len(places)} tiles in play for a set of {len(expected)}"
    return None


def points_conserved(game) -> str | None:
    """Scores plus the table always sum to the starting total."""
    total = sum(game.scores) + game.table
    expected = game.seat_count * game.rules.flow.setup.start_points
    return None if total == expected else f"points not conserved: {total} != {expected}"


def side_currencies_conserved(game) -> str | None:
    """Every side currency (chips, settlement points) sums to zero over the seats, as its ledger says."""
    for currency, balances in game.side.items():
        booked = [0] * game.seat_count
        for t in game.ledger:
            if t.currency == currency:
                booked[t.payer] -= t.amount
                booked[t.payee] += t.amount
        if sum(balances) != 0 or booked != balances:
            return f"{currency} not conserved: balances {balances}, ledger {booked}"
    return None


def hand_sizes(game) -> str | None:
    """A seat holds hand_size tiles (kans counted as three), one more when it is its turn to discard."""
    hand = game.hand
    if hand is None or game.over:
        return None
    size = game.rules.flow.setup.hand_size
    for index, seat in enumerate(hand.seats):
        if seat.left:
            continue
        held = len(seat.tiles) + 3 * len(seat.melds)
        want = size + (1 if hand.phase == TURN and hand.current == index else 0)
        if held != want:
            return f"seat {index} holds {held} tiles, expected {want} in phase {hand.phase}"
    return None


def observations_hide(game) -> str | None:
    """A seat's view holds its own concealed tiles and public ones, never another seat's or the wall's."""
    from mjsim.observation import observe

    hand = game.hand
    if hand is None or game.over:
        return None
    hidden_all = set(hand.wall) | set(hand.rinshan) | set(hand.indicators) - set(hand.indicators_shown)
    for seat in range(game.seat_count):
        obs = observe(game, seat)
        if sorted(obs.tiles) != sorted(hand.seats[seat].tiles):
            return f"seat {seat} does not see exactly its own tiles"
        shown = set(obs.tiles) | {t for ms in obs.melds for m in ms for t in m.tiles}
        shown |= {t for r in obs.rivers for t in r} | set(obs.indicators)
        others = {t for i, s in enumerate(hand.seats) if i != seat for t in s.tiles}
        leaked = shown & (others | hidden_all)
        if leaked:
            return f"seat {seat} sees hidden tiles {sorted(leaked)}"
    return None


CORE: list[Invariant] = [
    ("tiles conserved", tiles_conserved),
    ("points conserved", points_conserved),
    ("side currencies conserved", side_currencies_conserved),
    ("hand sizes", hand_sizes),
    ("observations hide", observations_hide),
]


def check_invariants(game) -> list[str]:
    """Messages of every invariant the game breaks now (empty when all hold)."""
    out = []
    for name, check in CORE + list(game.rules.flow.invariants):
        message = check(game)
        if message:
            out.append(f"{name}: {message}")
    return out

"""Core invariants of any game, those variants register, and the ledger checks of a step; run by ``--check``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from mjsim.engine.actions import TABLE, Event, Transfer
from mjsim.engine.state import END_OFFER, ENDED, TURN
from mjsim.scoring import ANKAN

Invariant = tuple[str, Callable[[object], str | None]]


def tiles_conserved(game) -> str | None:
    """Every tile of the set is in exactly one place: walls, hands, melds, rivers (uncalled) or bonus."""
    return None if game.hand is None else _misplaced(game.hand, game.rules.flow.setup.tiles)


def _misplaced(hand, expected) -> str | None:
    """Why the tiles of ``hand`` are not exactly the ``expected`` set (None when they are)."""
    places = hand.wall + hand.rinshan + hand.indicators + hand.moved
    for seat in hand.seats:
        places += seat.tiles + seat.flowers + seat.won_tiles + [t for m in seat.melds for t in m.tiles]
        places += [t for i, t in enumerate(seat.river) if i not in seat.called_from_river]
    if len(places) != len(expected) or sorted(places) != sorted(expected):
        return f"tiles not conserved: {len(places)} tiles in play for a set of {len(expected)}"
    return None


def _tile_count(hand) -> int:
    """How many tiles ``hand`` holds in all its places (what :func:`_misplaced` counts, without listing them)."""
    count = len(hand.wall) + len(hand.rinshan) + len(hand.indicators) + len(hand.moved)
    for seat in hand.seats:
        count += len(seat.tiles) + len(seat.flowers) + len(seat.won_tiles)
        count += len(seat.river) - len(seat.called_from_river)
        for meld in seat.melds:  # a loop, not a generator: this runs after every step of a checked game
            count += len(meld.tiles)
    return count


def points_conserved(game) -> str | None:
    """Scores plus the table always sum to the starting total."""
    total = sum(game.scores) + game.table
    expected = game.seat_count * game.rules.flow.setup.start_points
    return None if total == expected else f"points not conserved: {total} != {expected}"


def side_currencies_conserved(game) -> str | None:
    """Every side currency (chips, settlement points) sums to zero over the seats, as its ledger says."""
    if getattr(game, "players", None):  # the players moved seats: book the log, where the moves stand in order
        booked: dict[str, list[int]] = {}
        return _side_unbooked(game, booked, book_side(game.log, booked, list(range(game.seat_count))))
    for currency, balances in game.side.items():
        booked_by_seat = [0] * game.seat_count
        for t in game.ledger:
            if t.currency == currency:
                booked_by_seat[t.payer] -= t.amount
                booked_by_seat[t.payee] += t.amount
        if sum(balances) != 0 or booked_by_seat != balances:
            return f"{currency} not conserved: balances {balances}, ledger {booked_by_seat}"
    return None


def book_side(events, booked: dict[str, list[int]], players: list[int]) -> list[int]:
    """Book ``events``' side transfers into ``booked`` (currency -> balance per player), each seat read as the
    player sitting there then (``seats`` events move them, ``mjsim_seating``); the seating after the events."""
    for e in events:
        if e.kind == "seats":
            players = list(e.data)
        elif e.kind == "side_transfer":
            t = e.data
            balance = booked.setdefault(t.currency, [0] * len(players))
            balance[players[t.payer]] -= t.amount
            balance[players[t.payee]] += t.amount
    return players


def _side_unbooked(game, booked: dict[str, list[int]], players: list[int]) -> str | None:
    """A side currency whose balances do not sum to zero or differ from what its transfers booked."""
    for currency, balances in game.side.items():
        per_player = booked.get(currency, [0] * game.seat_count)
        expected = [per_player[p] for p in players]  # the balances by seat, as the players now sit
        if sum(balances) != 0 or expected != balances:
            return f"{currency} not conserved: balances {balances}, ledger {expected}"
    return None


def hand_sizes(game) -> str | None:
    """A seat holds hand_size tiles (kans counted as three), one more when it is its turn to discard."""
    hand = game.hand
    if hand is None or game.over or hand.phase == END_OFFER:  # a finished hand awaiting the end-or-play-on choice
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
    from mjsim.agents import observation

    # Looked up when the check runs, not bound when it is compiled: a compiled build would otherwise call its
    # own observe() past any replacement, and the tests replace it with a leaking one to show the check finds it.
    observe = getattr(observation, "observe")  # noqa: B009
    hand = game.hand
    if hand is None or game.over:
        return None
    hidden_all = set(hand.wall) | set(hand.rinshan) | set(hand.indicators) - set(hand.indicators_shown)
    face_down = game.rules.flow.setup.face_down_kans and hand.phase not in (ENDED, END_OFFER)
    for seat in range(game.seat_count):
        obs = observe(game, seat)
        if sorted(obs.tiles) != sorted(hand.seats[seat].tiles):
            return f"seat {seat} does not see exactly its own tiles"
        shown = set(obs.tiles) | {t for ms in obs.melds for m in ms for t in m.tiles}
        shown |= {t for r in obs.rivers for t in r} | set(obs.indicators)
        shown |= {obs.last_discard[1]} if obs.last_discard else set()
        others = {t for i, s in enumerate(hand.seats) if i != seat for t in s.tiles}
        if face_down:  # another seat's concealed kans, face down until the hand ends
            others |= _concealed_kan_tiles(hand, seat)
        leaked = shown & (others | hidden_all)
        if leaked:
            return f"seat {seat} sees hidden tiles {sorted(leaked)}"
    return None


def _concealed_kan_tiles(hand, seat: int) -> set[int]:
    """The tiles of every other seat's concealed kans."""
    return {t for i, s in enumerate(hand.seats) if i != seat for m in s.melds if m.type == ANKAN for t in m.tiles}


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


# --- Ledger checks: what a step moved, against what its transfers say ----------------------------------

LEDGER_CHECKS = ("transfers well-formed", "ledger matches scores", "wins paid consistently")


@dataclass(frozen=True)
class StepMark:
    """What the ledger checks compare a step with: the scores, the table, the log's length and the seating before
    it."""

    scores: tuple[int, ...]
    table: int
    log_start: int
    players: tuple[int, ...] = ()  # who sat at each seat (mjsim_seating); () : each player at its own seat


def step_mark(game) -> StepMark:
    """The mark of the game as it is now, taken before a step."""
    return StepMark(tuple(game.scores), game.table, len(game.log), tuple(game.players))


def _off_ledger_reseated(game, before: StepMark) -> str | None:
    """``_off_ledger`` for a step in which the players changed seats (``mjsim_seating``): the step's transfers and
    seat changes replayed in their order on the scores it began with must give the scores it ended with."""
    scores, table = list(before.scores), before.table
    seat_of = {p: s for s, p in enumerate(before.players or range(game.seat_count))}
    for e in game.log[before.log_start :]:
        if e.kind == "seats":
            scores = [scores[seat_of[p]] for p in e.data]
            seat_of = {p: s for s, p in enumerate(e.data)}
        elif e.kind == "transfer":
            for account, sign in ((e.data.payer, -1), (e.data.payee, 1)):
                if account == TABLE:
                    table += sign * e.data.amount
                else:
                    scores[account] += sign * e.data.amount
    if scores != list(game.scores) or table != game.table:
        return f"scores {list(game.scores)} and table {game.table} differ from the transfers' {scores} and {table}"
    return None


def ledger_checks(game, before: StepMark) -> list[str]:
    """Violations of the ledger checks by the step taken since ``before``."""
    events = game.log[before.log_start :]
    transfers = [e.data for e in events if e.kind == "transfer"]
    if not transfers and all(e.kind != "win" for e in events):  # most steps: nothing paid, nobody won
        moved = _off_ledger(game, before, transfers)  # so only points moved without a transfer can be wrong
        return [f"{LEDGER_CHECKS[1]}: {moved}"] if moved else []
    found = (
        (LEDGER_CHECKS[0], _malformed(transfers, (TABLE, *range(game.seat_count)))),
        (LEDGER_CHECKS[1], _off_ledger(game, before, transfers)),
        (LEDGER_CHECKS[2], _inconsistent_wins(events)),
    )
    return [f"{name}: {message}" for name, message in found if message]


def check_step(game, before: StepMark) -> list[str]:
    """Every invariant the game breaks now and every ledger check the step since ``before`` breaks."""
    return check_invariants(game) + ledger_checks(game, before)


def _malformed(transfers: list[Transfer], accounts: tuple[int, ...]) -> str | None:
    """A transfer between unknown ``accounts`` (the table and the seats), from an account to itself, or of a
    negative amount."""
    for t in transfers:
        if t.payer not in accounts or t.payee not in accounts:
            return f"{t} names an account that is neither a seat nor the table"
        if t.payer == t.payee:
            return f"{t} pays an account to itself"
        if not isinstance(t.amount, int) or t.amount < 0:
            return f"{t} moves a negative or fractional amount"
    return None


def _off_ledger(game, before: StepMark, transfers: list[Transfer]) -> str | None:
    """Points that moved during the step without a transfer (or transfers that did not move them)."""
    if getattr(game, "players", None) and any(e.kind == "seats" for e in game.log[before.log_start :]):
        return _off_ledger_reseated(game, before)
    net = _net(transfers)
    for seat in range(game.seat_count):
        moved, booked = game.scores[seat] - before.scores[seat], net.get(seat, 0)
        if moved != booked:
            return f"seat {seat} moved by {moved:+} but its transfers by {booked:+}"
    if game.table - before.table != net.get(TABLE, 0):
        return f"the table moved by {game.table - before.table:+} but its transfers by {net.get(TABLE, 0):+}"
    return None


def _sign_agrees(value: int, change: int) -> bool:
    """A winner gains for a positive win, pays for a reversed one; a win worth 0 (ラド) may still collect
    honba and riichi sticks."""
    if value == 0:
        return change >= 0
    return (change > 0) == (value > 0)


def _inconsistent_wins(events: list[Event]) -> str | None:
    """A win's transfer between two winners or two non-winners, a winner whose change has the wrong sign for
    the value of its win (reversed wins, as in 地雷, have a negative value), or gains that differ from losses.

    The table's deposits may pay any seat: who collects them is the family's rule (地雷 can pay them to the
    payers of a reversed win)."""
    for winners, transfers, values in _settlements(events):
        for t in transfers:
            if t.payer != TABLE and (t.payee in winners) == (t.payer in winners):
                return f"{t} at the win of seat(s) {winners} does not move points between a winner and a non-winner"
        net = _net(transfers)
        for seat, value in zip(winners, values, strict=True):
            if not _sign_agrees(value, net.get(seat, 0)):
                return f"seat {seat} won a hand worth {value} but its points changed by {net.get(seat, 0)}"
        gain = sum(net.get(seat, 0) for seat in set(winners))
        loss = -sum(amount for account, amount in net.items() if account not in winners)
        if gain != loss:
            return f"winners {winners} gained {gain} but the payers lost {loss}"
    return None


def _settlements(events: list[Event]) -> list[tuple[list[int], list[Transfer], list[int]]]:
    """(winners, transfers, values) of each settlement: the engine logs a win's transfers right before its wins."""
    groups: list[tuple[list[int], list[Transfer], list[int]]] = []
    winners: list[int] = []
    values: list[int] = []
    transfers: list[Transfer] = []
    for event in events:
        if event.kind == "side_transfer":  # chips and other side currencies: not points, paid with the win
            continue
        if event.kind == "win":
            assert event.seat is not None  # a win event always names its winner
            winners.append(event.seat)
            values.append(event.data["score"].value)
            continue
        if winners:
            groups.append((winners, transfers, values))
            winners, values, transfers = [], [], []
        transfers = transfers + [event.data] if event.kind == "transfer" else []
    if winners:
        groups.append((winners, transfers, values))
    return groups


def _net(transfers: list[Transfer]) -> dict[int, int]:
    """The change of every account the transfers touch."""
    net: dict[int, int] = {}
    for t in transfers:
        net[t.payer] = net.get(t.payer, 0) - t.amount
        net[t.payee] = net.get(t.payee, 0) + t.amount
    return net


# --- The checks of a checked run, at a cost close to an unchecked one ------------------------------------

OBSERVE_SHARE = 0.1  # share of the steps ``--check`` checks in full, views included (``--check-all``: every step)


class StepChecker:
    """What ``simulate --check`` runs after every step of one game: every invariant and ledger check, with
    savings that keep what the full check finds.

    A seeded sample of the steps, ``observe_share`` of them (every step with 1.0), gets the full check; a run
    and its re-run sample the same steps.  On the other steps ``observations hide`` (three quarters of the full
    check's cost) is skipped: a view that leaks leaks at many steps.  ``tiles conserved`` counts the tiles in
    their places at every step (a tile lost or added is found at once) and compares them with the set in full
    on the sampled steps and on each hand as it was when the next one replaced it (a tile swapped for another
    is found by its hand's end).  ``side currencies conserved`` books only the ledger entries new since the
    last step (in full from the log once players changed seats).  :meth:`at_end` runs every invariant in full
    once more when the game ends, which also catches a ledger entry changed after it was booked."""

    def __init__(self, game, seed: int, observe_share: float = OBSERVE_SHARE) -> None:
        """The game's invariants in their usual order, three of them replaced by their cheaper equivalents."""
        self.share = observe_share
        self.sample = random.Random(seed)  # its own stream: checking never touches the game's randomness
        self.booked: dict[str, list[int]] = {}
        self.seen = 0  # ledger entries booked so far
        self.hand = game.hand  # the hand the last step was checked in
        self.full = True  # this step is one of the sample
        self.sampled = 0  # steps checked in full
        cheaper = {
            tiles_conserved: self._tiles,
            observations_hide: self._sampled_views,
            side_currencies_conserved: self._side_currencies,
        }
        self.checks = [(name, cheaper.get(check, check)) for name, check in CORE + list(game.rules.flow.invariants)]

    def after_step(self, game, before: StepMark) -> list[str]:
        """Every invariant the game breaks now (in full on the sampled steps) and the step's ledger faults."""
        self.full = self.share >= 1.0 or self.sample.random() < self.share
        self.sampled += self.full
        out = [f"{name}: {message}" for name, check in self.checks if (message := check(game))]
        self.hand = game.hand
        return out + ledger_checks(game, before)

    def at_end(self, game) -> list[str]:
        """Every invariant in full, once, when the game is over (the ledger booked again from its start)."""
        return check_invariants(game)

    def _tiles(self, game) -> str | None:
        """``tiles_conserved``: in full on a sampled step and for a hand just replaced, else by count."""
        expected = game.rules.flow.setup.tiles
        if self.hand is not None and game.hand is not self.hand:
            ended = _misplaced(self.hand, expected)
            if ended:
                return f"{ended} (the hand before this one, as it ended)"
        hand = game.hand
        if hand is None:
            return None
        if self.full:
            return _misplaced(hand, expected)
        count = _tile_count(hand)
        return (
            None
            if count == len(expected)
            else f"tiles not conserved: {count} tiles in play for a set of {len(expected)}"
        )

    def _sampled_views(self, game) -> str | None:
        """``observations_hide`` on a sampled step."""
        return observations_hide(game) if self.full else None

    def _side_currencies(self, game) -> str | None:
        """``side_currencies_conserved`` from the ledger entries booked so far plus the new ones."""
        if getattr(game, "players", None):  # the players moved seats: checked in full, from the log
            return side_currencies_conserved(game)
        seats = game.seat_count
        ledger = game.ledger
        for t in ledger[self.seen :]:
            balance = self.booked.setdefault(t.currency, [0] * seats)
            balance[t.payer] -= t.amount
            balance[t.payee] += t.amount
        self.seen = len(ledger)
        for currency, balances in game.side.items():
            booked = self.booked.get(currency, [0] * seats)
            if sum(balances) != 0 or booked != balances:
                return f"{currency} not conserved: balances {balances}, ledger {booked}"
        return None

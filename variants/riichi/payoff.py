"""The riichi family's answers to the payoff model (``mjsim/agents/payoff.py``): hands left, deposits, the swing a hand.

The game's first dealer is seat 0 (the all-last dealer is the last seat, ``settlement.end_game_offer``). A
rotation of the deal plays ``HANDS_PER_ROTATION`` hands on average (dealer repeats), and the current dealer
keeps the deal ``DEALER_KEEPS`` more hands. The extension rounds (西入) are not counted: the model reads the
scheduled game. Figures measured from four ``human`` players (docs/players.md, "The payoff of the game").
"""

from __future__ import annotations

from mjsim.agents.payoff import PayoffView, Swing
from variants.riichi import options as opt

ROUNDS = {"east": 1, "hanchan": 2, "full": 4}  # settlement._LENGTH: round winds a game of each length plays
HANDS_PER_ROTATION = 1.34  # Tenhou hanchan: 10.7 hands for 8 rotations (docs/players.md, 300 games)
DEALER_KEEPS = HANDS_PER_ROTATION - 1.0  # further hands the dealer of a hand expects to keep the deal
SWING = {4: Swing(sd=4150.0, dealer_mean=520.0), 3: Swing(sd=4250.0, dealer_mean=180.0)}
"""Per seat count: sd of a seat's points change per hand and the dealer's mean gain (human games, tenhou and
tenhou-sanma presets, ``python -m benchmarks.payoff_swing --preset P --games 40``)."""


def hand_swing(rules) -> Swing:
    """How a seat's points move per hand at this table's seat count (four seats' figure otherwise)."""
    return SWING.get(rules.flow.setup.seats, SWING[4])


def rotations_left(rules, round_wind: int, dealer: int, seats: int) -> int:
    """Rotations of the deal still scheduled after this hand (0 in the last hand or the extension)."""
    rounds = ROUNDS.get(rules[opt.GAME_LENGTH], 2)
    round_index = round_wind - 27
    if round_index >= rounds:
        return max(0, seats - 1 - dealer)  # an extension round: at most its own hands
    return (rounds - 1 - round_index) * seats + (seats - 1 - dealer)


def hands_in_game(rules) -> float:
    """Hands a whole game is expected to play (for the value of a point at its start)."""
    seats = rules.flow.setup.seats
    return rotations_left(rules, 27, 0, seats) * HANDS_PER_ROTATION + DEALER_KEEPS


def payoff_view(rules, obs) -> PayoffView:
    """The seat's standing as the payoff model reads it."""
    seats = len(obs.scores)
    left = rotations_left(rules, obs.round_wind, obs.dealer, seats) * HANDS_PER_ROTATION + DEALER_KEEPS
    return PayoffView(
        seat=obs.seat,
        scores=tuple(obs.scores),
        dealer=obs.dealer,
        sticks=obs.sticks,
        stick_value=int(rules[opt.RIICHI_DEPOSIT]),
        honba=obs.honba,
        hand_index=obs.hand_index,
        hands_left=left,
        dealer_hands=DEALER_KEEPS,
    )


def start_view(rules, seat: int) -> PayoffView:
    """The standing at the game's start: every seat at the start points, the whole game to play."""
    seats = rules.flow.setup.seats
    start = rules.flow.setup.start_points
    return PayoffView(seat, (start,) * seats, 0, 0, int(rules[opt.RIICHI_DEPOSIT]), 0, 0, hands_in_game(rules))

"""A short tour of hand analysis and scoring, printed by ``mjsim demo``."""

from __future__ import annotations

from mjsim.hand.decompose import waits
from mjsim.hand.notation import format_kinds, parse_counts
from mjsim.hand.shanten import shanten
from mjsim.rules import RuleSet
from mjsim.score_report import score_text
from mjsim.win_input import win_context

SHANTEN_HANDS = ("123m456p789s1122z", "1112345678999m", "19m19p19s1234567z", "2468m13579p258s1z", "11223344556677z")
WINS = (
    dict(hand="234567m234p55678s", tsumo=True, situation={"riichi"}, seat_wind="S", dora=["4s"], ura=["1m"]),
    dict(hand="11122233344455m", win="5m", seat_wind="E"),
    dict(hand="234m67888s777z", melds=["kan:0555p"], win="7z", seat_wind="S", discarder="W", honba=2),
)


def run_demo() -> str:
    """The demo's text."""
    lines = ["Shanten (0 = ready, -1 = complete) and waits:"]
    for hand in SHANTEN_HANDS:
        counts = parse_counts(hand)
        wait = f"  waits {format_kinds(waits(counts))}" if shanten(hand) == 0 else ""
        lines.append(f"  {hand:<20} shanten {shanten(hand):>2}{wait}")
    rules = RuleSet.from_preset("tenhou").compile()
    lines.append("\nScored wins (Tenhou rules):")
    for spec in WINS:
        ctx = win_context(**spec)
        lines.append(score_text(ctx, rules.score_win(ctx=ctx, rules=rules)))
    return "\n".join(lines)

"""What a person who knows 地雷麻雀 avoids (``mjsim_unwise_actions``): a win worth less than nothing in
expectation, and a riichi more likely forbidden than not (riichi in the forbidden set reverses every win it
leads to).

Only the seat's observation is read, through the same belief the jirai bots use: a told dealer knows the
set; everybody else weighs the sets the public history leaves possible. At a reversal chance ``p`` a win is
worth ``(1 - p)`` times its value with the bonus han minus ``p`` times its plain value (a reversed win pays
it): taking it is unwise when that is below zero, unless it costs less than playing on is expected to cost
against the seats that visibly threaten (a riichi, or three melds called): taking a win ends the hand, so it
also stops their wins (``threat_cost``; docs/players.md, 地雷: "Reversed wins, by expected value"). With many
forbidden yaku the bonus is large, so a win is often worth taking even when it is more likely reversed than
not, and a threat's win is dear: a cheap reversed win may then be the lesser loss.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.agents.observation import Observation
from mjsim.engine.actions import RON, TSUMO, Action
from mjsim.rules import Rules
from variants.jirai import options as opt
from variants.jirai.bots import forbidden_chance, known_count, win_worth
from variants.riichi.api import RIICHI, TSUMO_SHARE, base_points

UNWISE_CHANCE = 0.5
"""Above this chance of riichi being forbidden, declaring it loses in expectation."""
THREAT_WIN = 0.4
"""A guess, not a measured figure: the chance a visibly ready seat wins before the hand ends."""
THREAT_MELDS = 3  # an open hand with this many melds is taken as ready (its yaku unknown, its bonus sure)
RON_ON_ME = 1.0 / 3.0  # of a threat's rons, the share on this seat's discards while it plays on (a guess)
THREAT_FU = 30


def unwise_actions(rules: Rules, obs: Observation, actions: Sequence[Action]) -> list[Action]:
    """The offered wins and riichi declarations a person would not take under 地雷."""
    wins = [(a, win_worth(obs, a, rules) or 0.0) for a in actions if a.kind in (TSUMO, RON)]
    losing = [(a, w) for a, w in wins if w < 0.0]
    stops = threat_cost(rules, obs) if losing else 0.0
    unwise = [a for a, worth in losing if -worth > stops]
    declares = [a for a in actions if a.kind == RIICHI]
    if declares and forbidden_chance(obs, rules, frozenset({"riichi"})) > UNWISE_CHANCE:
        unwise += declares
    return unwise


def threat_cost(rules: Rules, obs: Observation) -> float:
    """Expected points this seat pays the seats that visibly threaten if play goes on: per threat (a riichi, or
    ``THREAT_MELDS`` melds), ``THREAT_WIN`` x what it pays of that seat's win (its share of a tsumo, a third of
    its rons). A threat's win is valued clean (a player takes a win only when it is worth something) at one han
    (two with riichi) plus the bonus; a riichi that is likely forbidden is reversed and pays this seat instead."""
    bonus = known_count(obs) if rules[opt.BONUS_HAN_EQUALS_COUNT] else 0
    me_dealer = obs.seat == obs.dealer
    cost = 0.0
    for seat in range(len(obs.scores)):
        riichi = obs.declared[seat]
        if seat == obs.seat or not (riichi or len(obs.melds[seat]) >= THREAT_MELDS):
            continue
        dealer = seat == obs.dealer
        base, _limit = base_points(1 + int(riichi) + bonus, THREAT_FU, 0, rules)
        tsumo = 2 * base if dealer or me_dealer else base
        pay = TSUMO_SHARE * tsumo + (1.0 - TSUMO_SHARE) * RON_ON_ME * (6 if dealer else 4) * base
        reversed_chance = forbidden_chance(obs, rules, frozenset({"riichi"})) if riichi else 0.0
        plain, _limit = base_points(1 + int(riichi), THREAT_FU, 0, rules)
        cost += THREAT_WIN * ((1.0 - reversed_chance) * pay - reversed_chance * pay * plain / base)
    return cost

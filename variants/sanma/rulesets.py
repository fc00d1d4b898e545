"""The sanma rule sets the riichi family's log tools use for three-player records (replay, winning-hand cases)."""

from __future__ import annotations

from mjsim.rules import RuleSet

TENHOU_SANMA = "tenhou-sanma"
PRESETS = {"tenhou": TENHOU_SANMA, "mahjongsoul": "mahjongsoul-sanma"}


def tenhou_sanma(overrides=None) -> RuleSet:
    """Tenhou's three-player rules (``tenhou-sanma``), with ``overrides``."""
    return RuleSet.resolve(TENHOU_SANMA, overrides or ())


def sanma_ruleset(venue: str, overrides=None) -> RuleSet:
    """The three-player rules of a venue of real records (``tenhou``, ``mahjongsoul``), with ``overrides``."""
    return RuleSet.resolve(PRESETS[venue], overrides or ())


def is_three_player(ruleset: RuleSet) -> bool:
    """Whether a rule set seats three (its table says so)."""
    rules = ruleset.compile()
    return rules.flow is not None and rules.flow.setup.seats == 3

"""The sanma rule sets the riichi family's log tools use for three-player records (replay, winning-hand cases)."""

from __future__ import annotations

from importlib import resources

from mjsim.presets import preset_names
from mjsim.rules import RuleSet

TENHOU_SANMA = "tenhou-sanma"
PRESETS = {"tenhou": TENHOU_SANMA, "mahjongsoul": "mahjongsoul-sanma"}


def preset_path(name: str = TENHOU_SANMA) -> str:
    """A sanma preset by name when the sanma entry point is installed, else its file."""
    if name in preset_names():
        return name
    return str(resources.files(__package__) / "presets" / f"{name}.toml")


def tenhou_sanma(overrides=None) -> RuleSet:
    """Tenhou's three-player rules (``tenhou-sanma``), with ``overrides``."""
    return RuleSet.from_preset(preset_path(), overrides)


def sanma_ruleset(venue: str, overrides=None) -> RuleSet:
    """The three-player rules of a venue of real records (``tenhou``, ``mahjongsoul``), with ``overrides``."""
    return RuleSet.from_preset(preset_path(PRESETS[venue]), overrides)


def is_three_player(ruleset: RuleSet) -> bool:
    """Whether a rule set seats three (its table says so)."""
    rules = ruleset.compile()
    return rules.flow is not None and rules.flow.setup.seats == 3

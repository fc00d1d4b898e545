"""The report section "how the players played": each rule set's play statistics beside its family's reference
(``mjsim.experiment.sections`` registers it as "play")."""

from __future__ import annotations

from typing import Any

from mjsim.play.stats import play_statistics
from mjsim.play.table import markdown_table
from mjsim.play.terms import Reference, play_reference

NAME = "play"
"""The section's name in summary.json (``rulesets.<name>.play``) and in its ``sections`` list."""


def summary(experiment: Any, ruleset: str, records: list[dict[str, Any]]) -> dict[str, Any]:
    """The rule set's play object and its family's reference figures ({} for records kept before play facts)."""
    play = play_statistics(records)
    if play is None:
        return {}
    run = experiment.run(ruleset)  # a run of a rule set by a line-up ("hanchan @ human"), or the rule set alone
    reference = play_reference(experiment.spec(run.entry, run.line_up).rules())
    found = None if reference is None else {k: getattr(reference, k) for k in ("name", "about", "figures", "sources")}
    return {"statistics": play, "reference": found}


def markdown(ruleset: str, data: dict[str, Any]) -> list[str]:
    """summary.md's table of the rule set's play beside the reference (the distributions' shares: summary.json)."""
    reference = Reference(**data["reference"]) if data.get("reference") else None
    lines = ["", f"## How the players played: {ruleset}", ""]
    about = "distributions as their distance to the reference"
    if reference is None:
        about = "no reference of real play for this rule set"
    lines.append(f"Rates per player-hand; {about} (shares in summary.json).")
    return [*lines, "", *markdown_table(data["statistics"], reference, shares=False), ""]

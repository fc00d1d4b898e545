"""Report sections: the core's (how the players played) and those variants register
(``mjsim_register_report_sections``): extra tables per rule set."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules.plugins import installed

Record = dict[str, Any]


@dataclass(frozen=True)
class ReportSection:
    """A section of an experiment's report: its figures per rule set and how summary.md shows them."""

    summary: Callable[[Any, str, list[Record]], dict[str, Any]]  # (experiment, rule set name, its records) -> data
    markdown: Callable[[str, dict[str, Any]], list[str]]  # (rule set name, that data) -> summary.md lines


def report_sections() -> dict[str, ReportSection]:
    """Every section the installed variants register, and the core's "play" (how the players played), by name
    (a name registered twice is an error)."""
    # late: it reads the play statistics, which a section list need not load
    from mjsim.play import section as report_play

    found: dict[str, ReportSection] = {report_play.NAME: ReportSection(report_play.summary, report_play.markdown)}
    for _, batch in installed("mjsim_register_report_sections"):
        for name, section in (batch or {}).items():
            if name in found:
                raise MjsimError(f"two variants register the report section {name!r}")
            found[name] = section
    return found


def report_section(name: str) -> ReportSection:
    """The section called ``name``, or a one-line error when no installed variant registers it."""
    sections = report_sections()
    if name not in sections:
        known = ", ".join(sorted(sections)) or "none"
        raise MjsimError(f"no installed variant registers the report section {name!r} (registered: {known})")
    return sections[name]

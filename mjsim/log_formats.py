"""The game-log formats a rule set's variants can write (``mjsim_register_log_formats``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mjsim.errors import MjsimError

LogWriter = Callable[[Any, Sequence[str]], str]
"""``writer(game, agent_names) -> str``: the text of one log file of ``game``."""

DEFAULT_SUFFIX = ".log"


def log_formats(rules) -> dict[str, LogWriter]:
    """Every format a variant of ``rules`` can hold its games in, by name (later variants first)."""
    formats: dict[str, LogWriter] = {}
    for batch in rules.hook.mjsim_register_log_formats(rules=rules):
        for name, writer in (batch or {}).items():
            formats.setdefault(name, writer)
    return formats


def log_writer(rules, what: str = "--log-out", name: str | None = None) -> LogWriter:
    """The format ``name`` (None: the first that holds games under ``rules``); a one-line error naming the rule set
    when none does, or when ``name`` cannot hold its games."""
    formats = log_formats(rules)
    if name is not None and formats and name not in formats:
        raise MjsimError(
            f"--log-format {name}: cannot hold games of rule set {rules.ruleset.name!r} "
            f"(formats that can: {', '.join(formats)})"
        )
    if name is not None and formats:
        return formats[name]
    if not formats:
        variants = ", ".join(rules.ruleset.variants) or "none"
        raise MjsimError(
            f"{what}: no log format holds games of rule set {rules.ruleset.name!r} "
            f"(its variants: {variants}; a variant adds formats through mjsim_register_log_formats)"
        )
    return next(iter(formats.values()))


def log_suffix(writer: LogWriter) -> str:
    """The file extension a writer's files take (its ``suffix`` attribute, e.g. ``.json``)."""
    return getattr(writer, "suffix", DEFAULT_SUFFIX)

"""The argument of an ``mjai:`` agent name: settings, then the bot's command line.

``mjai:python examples/mjai_bot.py`` runs that command; leading ``KEY=VALUE`` words set the seat:
``timeout=SECONDS`` (per decision, default 10), ``illegal=error|default`` (what an illegal answer does:
stop the run with a one-line error, or play the default policy's choice instead and count it in the record)
and ``seats=own|shared`` (a process per seat, or one process for every seat of the table that this same
agent plays: each line it is sent then names its seat, ``{"seat":2,"type":...}``).
"""

from __future__ import annotations

import math
import shlex
from dataclasses import dataclass

from mjsim.errors import MjsimError

DEFAULT_TIMEOUT = 10.0
ILLEGAL_CHOICES = ("error", "default")
SEATS_CHOICES = ("own", "shared")


@dataclass(frozen=True)
class SeatSpec:
    """How to run one mjai bot: its command, the time it has per decision, what an illegal answer does."""

    command: str
    timeout: float = DEFAULT_TIMEOUT
    illegal: str = "error"
    shared: bool = False


def parse_spec(argument: str) -> SeatSpec:
    """The settings and command of ``mjai:ARGUMENT``; a bad one is a one-line error."""
    try:
        words = shlex.split(argument)
    except ValueError as exc:
        raise MjsimError(f"agent mjai:{argument}: {exc}") from None
    settings: dict[str, str] = {}
    while words and "=" in words[0] and words[0].split("=", 1)[0] in ("timeout", "illegal", "seats"):
        key, value = words.pop(0).split("=", 1)
        settings[key] = value
    if not words:
        raise MjsimError(f"agent mjai:{argument}: give the bot's command (mjai:python examples/mjai_bot.py)")
    return SeatSpec(
        shlex.join(words),
        _timeout(argument, settings),
        _choice(argument, settings, "illegal", ILLEGAL_CHOICES),
        _choice(argument, settings, "seats", SEATS_CHOICES) == "shared",
    )


def _timeout(argument: str, settings: dict[str, str]) -> float:
    text = settings.get("timeout")
    if text is None:
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (math.isfinite(value) and value > 0):
        raise MjsimError(f"agent mjai:{argument}: timeout takes seconds above 0, got {text!r}")
    return value


def _choice(argument: str, settings: dict[str, str], key: str, choices: tuple[str, ...]) -> str:
    value = settings.get(key, choices[0])
    if value not in choices:
        raise MjsimError(f"agent mjai:{argument}: {key} takes {' or '.join(choices)}, got {value!r}")
    return value

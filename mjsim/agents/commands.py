"""Agents that run a command (``mjai:CMD``), which a file may name but only the user may let run
(``mjsim.rules.consent`` holds what the user allowed)."""

from __future__ import annotations

import shlex
from collections.abc import Iterable

from mjsim.agents.registry import split_argument
from mjsim.errors import MjsimError
from mjsim.rules.consent import allowed_commands, config_path


def runs_command(name: object) -> bool:
    """Whether the agent ``name`` runs what its argument names (``mjai:CMD``): a registered prefix with an
    argument, whoever registered it."""
    return isinstance(name, str) and split_argument(name)[1] is not None


def not_allowed(names: Iterable[object]) -> list[str]:
    """The agents of ``names`` that run a command the user has not allowed, each once, in order."""
    allowed = allowed_commands()
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and runs_command(n) and n not in allowed))


def check_commands(names: Iterable[object], where: str) -> None:
    """Refuse the agents of ``names`` (read from the file ``where``) that would run a command not allowed."""
    refused = not_allowed(names)
    if refused:
        name = refused[0]
        raise MjsimError(
            f"{where}: agent {name!r} runs a command that the file names; mjsim runs it only when you allow it: "
            f"mjsim --allow-command {shlex.quote(name)} ... (or allow_commands in {config_path()})"
        )

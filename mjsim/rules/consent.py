"""What code a file may make mjsim run: nothing the person running mjsim did not allow.

A bot that takes an argument (``mjai:CMD``) runs what the argument names, a command of the machine. A name
typed on the command line (``--agents``, ``--bot``) is the user's own; a name read from a file (an experiment,
a results folder, a log) runs only when the user allowed that exact name with ``mjsim --allow-command NAME``
or in their own config file (``allow_commands = [...]`` in ``$MJSIM_CONFIG``, else
``$XDG_CONFIG_HOME/mjsim/config.toml``, else ``~/.config/mjsim/config.toml``). The same file's
``allow_plugins`` lists modules that experiment, preset and log files may name (as ``--allow-plugin``).
``mjsim.agents.commands`` holds a file's agents to this.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from mjsim.errors import MjsimError
from mjsim.files import check_keys, load_toml, read_text

_ALLOWED_COMMANDS: set[str] = set()  # agent names the person running mjsim allowed (--allow-command)


def allow_command(name: str) -> None:
    """Let files name the agent ``name`` (a bot that runs a command), as given on the command line."""
    _ALLOWED_COMMANDS.add(name)


def allowed_commands() -> set[str]:
    """Every agent name that runs a command the user allowed: on the command line and in their config file."""
    return _ALLOWED_COMMANDS | set(user_config()["allow_commands"])


def config_path() -> Path:
    """The user's own config file (which need not exist)."""
    explicit = os.environ.get("MJSIM_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "mjsim" / "config.toml"


@cache
def user_config() -> dict[str, tuple[str, ...]]:
    """The user's allow-lists (``allow_commands``, ``allow_plugins``; empty when there is no config file)."""
    path = config_path()
    if not path.exists():
        return {"allow_commands": (), "allow_plugins": ()}
    data = load_toml(read_text(path, str(path)), str(path))
    check_keys(str(path), "", data, {"allow_commands", "allow_plugins"})
    return {key: _names(path, data, key) for key in ("allow_commands", "allow_plugins")}


def _names(path: Path, data: dict, key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise MjsimError(f"{path}: '{key}' must be a list of names, got {value!r}")
    return tuple(value)

"""Profile files (TOML, data only): a profile's fitted values, the statistics it reached and the command that made it.

A file is ``[parameters]`` (fields of ``Profile``; those not named keep the defaults), ``[statistics]`` and
``[target]`` (what the fit reached and aimed at) and ``command`` (how to make it again). The shipped ones live
in ``variants/riichi/human/profiles/``: ``phoenix.toml`` is the ``human`` bot's, each other ``NAME.toml`` the
``human:NAME`` bot's.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from functools import cache
from importlib import resources
from pathlib import Path

from mjsim.errors import MjsimError
from variants.riichi.human.profile import Profile, profile_with

SHIPPED = resources.files("variants.riichi.human") / "profiles"
"""The folder of the shipped profiles."""
DEFAULT = "phoenix"
"""The profile of the plain ``human`` bot."""
_FIELDS = {f.name: f for f in fields(Profile)}


def read_profile_file(path: str | Path) -> tuple[Profile, dict]:
    """The profile a file describes, and the file's whole table; a bad file is one ``MjsimError``."""
    path = Path(path)
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MjsimError(f"profile {path}: cannot read it ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise MjsimError(f"profile {path}: not TOML ({exc})") from None
    params = table.get("parameters", {})
    if not isinstance(params, dict):
        raise MjsimError(f"profile {path}: [parameters] must be a table")
    try:
        return profile_with(Profile(), **{k: _typed(k, v) for k, v in params.items()}), table
    except MjsimError as exc:
        raise MjsimError(f"profile {path}: {exc}") from None


def _typed(name: str, value):
    """``value`` as the type of field ``name`` (a TOML array becomes a tuple of the default's length)."""
    field = _FIELDS.get(name)
    if field is None:
        return value  # profile_with names the unknown parameter
    default = field.default
    if isinstance(default, tuple):
        if not isinstance(value, list) or len(value) != len(default) or not all(_is_number(v) for v in value):
            raise MjsimError(f"parameter {name!r} must be a list of {len(default)} numbers")
        return tuple(float(v) for v in value)
    if not _is_number(value):
        raise MjsimError(f"parameter {name!r} must be a number, not {value!r}")
    if isinstance(default, int):
        if value != int(value):
            raise MjsimError(f"parameter {name!r} must be a whole number, not {value!r}")
        return int(value)
    return float(value)


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@cache
def shipped_profile(name: str = DEFAULT) -> Profile:
    """A shipped profile by name (``phoenix``, ...)."""
    path = SHIPPED / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(shipped_names())
        raise MjsimError(f"unknown human-player profile {name!r}; shipped profiles: {known}")
    return read_profile_file(Path(str(path)))[0]


def shipped_names() -> list[str]:
    """Names of the shipped profiles."""
    return sorted(p.name[: -len(".toml")] for p in SHIPPED.iterdir() if p.name.endswith(".toml"))


def profile_toml(values: dict, statistics: dict, target: dict, command: str, note: str = "") -> str:
    """The text of a profile file."""
    lines = [f"# {note}" if note else "# A human-player profile written by mjsim calibrate.", ""]
    lines.append(f"command = {_value(command)}")
    lines.append("")
    for title, table in (("parameters", values), ("statistics", statistics), ("target", target)):
        lines.append(f"[{title}]")
        for key, val in table.items():
            if isinstance(val, dict):
                continue
            lines.append(f"{key} = {_value(val)}")
        lines.append("")
        for key, val in table.items():
            if isinstance(val, dict):
                lines.append(f"[{title}.{key}]")
                lines.extend(f'"{k}" = {_value(v)}' for k, v in val.items())
                lines.append("")
    return "\n".join(lines)


def _value(v) -> str:
    """A TOML literal of a number, string or sequence of numbers."""
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple | list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, float):
        return repr(round(v, 6))
    return repr(v)

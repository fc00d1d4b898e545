"""Presets: named rule sets in TOML, found through each installed variant's ``mjsim_register_presets``.

A preset has ``name``, ``description``, ``variants`` and ``[options]``; with
``extends = "<preset>"`` it starts from another preset's variants and options
and states only its differences (its own ``variants``, when given, replace the
base's list: the order of variants is part of the rules).
"""

from __future__ import annotations

import os
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import check_keys, load_toml, read_text
from mjsim.rules.plugins import check_data_variant, installed

PRESET_ENV = "MJSIM_PRESET"
"""The environment variable naming the rule set to use when none is named (else the installed default)."""


def default_preset() -> str:
    """The rule set of the command line, the Python API and the environments when none is named: ``$MJSIM_PRESET``,
    else the one installed preset whose file says ``default = true`` (a setting of the presets, not of the code)."""
    return os.environ.get(PRESET_ENV) or marked_default()


@cache
def marked_default() -> str:
    """The one installed preset marked ``default = true`` (none or several is a one-line error)."""
    marked = [name for name in preset_files() if _read(name, None).get("default") is True]
    if len(marked) != 1:
        found = ", ".join(marked) or "none"
        raise MjsimError(f"exactly one installed preset must say default = true (found: {found}); set {PRESET_ENV}")
    return marked[0]


@cache
def preset_files() -> dict[str, Traversable]:
    """Preset name -> its TOML file, over every installed variant's preset folders; a name twice is an error."""
    found: dict[str, tuple[str, Traversable]] = {}
    for variant, folders in installed("mjsim_register_presets")[::-1]:  # in the variants' registration order
        for folder in folders or ():
            for entry in _toml_files(folder):
                name = entry.name[: -len(".toml")]
                if name in found:
                    raise MjsimError(f"preset {name} is shipped by both {found[name][0]} and {variant}")
                found[name] = (variant, entry)
    return {name: entry for name, (_, entry) in sorted(found.items())}


def _toml_files(folder: Traversable | str | Path) -> list[Traversable]:
    """The ``*.toml`` files of one preset folder."""
    root = Path(folder) if isinstance(folder, str | Path) else folder
    return [entry for entry in root.iterdir() if entry.name.endswith(".toml") and entry.is_file()]


def preset_names() -> list[str]:
    """Names of the presets the installed variants ship."""
    return list(preset_files())


def load_preset(preset: str) -> dict[str, Any]:
    """A preset (name or TOML path) with its ``extends`` chain applied: name, description, variants, options."""
    return _load(preset, ())


MAX_EXTENDS = 32  # presets in one chain of ``extends`` at most (the shipped ones use two or three)


def _load(preset: str, chain: tuple[str, ...]) -> dict[str, Any]:
    """``preset`` merged onto its base; ``chain`` holds the presets that extend it (to catch a cycle)."""
    if preset in chain:
        raise MjsimError(f"preset {chain[0]}: extends forms a cycle ({' -> '.join((*chain, preset))})")
    if len(chain) >= MAX_EXTENDS:
        raise MjsimError(f"preset {chain[0]}: a chain of more than {MAX_EXTENDS} presets extending each other")
    data = _read(preset, chain[-1] if chain else None)
    check_keys(f"preset {preset}", "", data, _KEYS)
    if not isinstance(data.get("default", False), bool):
        raise MjsimError(f"preset {preset}: 'default' must be true or false, got {data['default']!r}")
    own = {
        "name": _text(preset, data, "name", preset),
        "description": _text(preset, data, "description", ""),
        "variants": data.get("variants"),
        "options": _table(preset, data.get("options", {})),
    }
    base_name = data.get("extends")
    if base_name is not None:
        if not isinstance(base_name, str):
            raise MjsimError(f"preset {preset}: 'extends' takes the name of one preset, got {base_name!r}")
        base = _load(relative_to(base_name, preset), (*chain, preset))
        own["variants"] = own["variants"] if own["variants"] is not None else base["variants"]
        own["options"] = {**base["options"], **own["options"]}
        own["description"] = own["description"] or base["description"]
    variants = own["variants"]
    if not isinstance(variants, list) or not variants or not all(isinstance(v, str) and v for v in variants):
        raise MjsimError(f"preset {preset}: needs a non-empty list of variant names 'variants', got {variants!r}")
    for variant in variants:
        check_data_variant(variant, f"preset {preset}: variants")
    return own


_KEYS = {"name", "description", "variants", "options", "extends", "default"}


def preset_file_chain(preset: str) -> list[Path]:
    """The preset file ``preset`` and the preset files it extends, in order (names of shipped presets end it)."""
    chain: list[Path] = []
    while preset.endswith(".toml") and len(chain) < MAX_EXTENDS and Path(preset) not in chain:
        chain.append(Path(preset))
        base = _read(preset, None).get("extends")
        if not isinstance(base, str):
            break
        preset = relative_to(base, preset)
    return chain


def relative_to(preset: str, named_in: str | Path) -> str:
    """A preset as named in the file ``named_in``: a relative ``.toml`` path is read from that file's folder
    (not from wherever mjsim runs), a preset name stays a name."""
    if not preset.endswith(".toml") or Path(preset).is_absolute() or not str(named_in).endswith(".toml"):
        return preset
    return str(Path(named_in).parent / preset)


def _text(preset: str, data: dict[str, Any], key: str, default: str) -> str:
    """A text key of a preset (name, description)."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise MjsimError(f"preset {preset}: '{key}' must be a text, got {value!r}")
    return value


def _table(preset: str, options: Any) -> dict[str, Any]:
    """A preset's ``[options]``: a table of option = value."""
    if not isinstance(options, dict):
        raise MjsimError(f"preset {preset}: 'options' must be a table of option = value, got {options!r}")
    return dict(options)


def _read(preset: str, extended_by: str | None) -> dict[str, Any]:
    """The parsed TOML of a preset name or file, with a clear one-line error when it is missing or malformed."""
    if preset.endswith(".toml"):
        text = read_text(Path(preset), f"preset file {preset}")  # missing, a folder or a FIFO: said as such
    else:
        entry = preset_files().get(preset)
        if entry is None:
            if extended_by is not None:
                raise MjsimError(f"preset {extended_by}: extends unknown preset {preset!r}")
            raise MjsimError(f"unknown preset {preset!r}; known presets: {', '.join(preset_names())}")
        text = read_text(entry, f"preset {preset}")
    return load_toml(text, f"preset {preset}")

"""One entry-point group of the installed distributions, read as ``importlib.metadata`` reads it, without importing it.

Why: ``import importlib.metadata`` pulls in the ``email`` package (its parser of distribution metadata), about
11 ms of every mjsim start-up, to read one small file per distribution. This module reads the same files: every
``*.dist-info`` and ``*.egg-info`` folder in the folders of ``sys.path``, in path order, the first distribution
of each name winning, its ``entry_points.txt`` read as ``importlib.metadata`` reads it (``[group]`` headers,
``name = value`` lines, ``#`` comments); of two entry points with one name, the later one. Where
distributions may come from elsewhere (a zip or an egg file on the path, a finder of its own that finds
distributions), ``importlib.metadata`` itself answers.
``tests/unit/test_entry_points.py`` checks that both give the same answer.
"""

from __future__ import annotations

import os
import re
import sys
from importlib.machinery import PathFinder

_SUFFIXES = (".dist-info", ".egg-info")


def entry_points(group: str) -> dict[str, str]:
    """Entry-point name -> value (``module`` or ``module:attr``) of ``group``, over the installed distributions."""
    if not _plain_path():
        return _from_importlib(group)
    return {name: value for text in _entry_point_texts() for name, value in _group_lines(text, group)}


def _from_importlib(group: str) -> dict[str, str]:
    """The answer of ``importlib.metadata`` itself."""
    from importlib.metadata import entry_points as metadata_entry_points

    return {ep.name: ep.value for ep in metadata_entry_points(group=group)}


def _plain_path() -> bool:
    """Every path entry is a folder (or absent) and no import finder but Python's own finds distributions."""
    if any(os.path.isfile(entry) for entry in sys.path if entry):
        return False
    return not any(hasattr(finder, "find_distributions") for finder in sys.meta_path if finder is not PathFinder)


def _entry_point_texts():
    """The ``entry_points.txt`` of each distribution on the path, the first of each name only."""
    seen: set[str] = set()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for child in names:
            if not child.lower().endswith(_SUFFIXES):
                continue
            key = _normalized(child.rsplit(".", 1)[0].split("-", 1)[0])
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(folder, child, "entry_points.txt"), encoding="utf-8") as file:
                    yield file.read()
            except OSError:
                continue


def _normalized(name: str) -> str:
    """A distribution name as ``importlib.metadata`` compares them (PEP 503, with underscores)."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _group_lines(text: str, group: str):
    """(name, value) of each entry of ``[group]`` in an ``entry_points.txt``."""
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
        elif current == group:
            name, _, value = line.partition("=")
            yield name.strip(), value.strip()

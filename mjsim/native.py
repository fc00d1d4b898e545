"""The compiled build of the scoring hot path: found, checked against the sources, then loaded.

``make`` compiles the modules of :data:`COMPILED_MODULES` with mypyc into the
virtual environment (``python -m mjsim.native_build``); nothing compiled ever
sits beside the sources.  When mjsim is imported, :func:`activate` loads those
compiled modules only if every one of them was built from the source now on
disk (same SHA-256): an edited module is never shadowed by a stale build, it
simply runs as Python until the next ``make``.  ``MJSIM_PURE_PYTHON=1`` forces
the sources.  The compiled and the Python build give the same results
(``tests/unit/test_native.py``); the compiled one is about 1.8x faster.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import json
import os
import sys
from pathlib import Path

# The modules a win passes through, all or none compiled: compiled modules call each other directly.
COMPILED_MODULES = (
    "mjsim.scoring",
    "mjsim.hand.decompose",
    "mjsim.hand.shanten",
    "mjsim.hand.tiles",
    "variants.riichi.fu",
    "variants.riichi.limits",
    "variants.riichi.payments",
    "variants.riichi.scorer",
    "variants.riichi.yaku",
)
BUILD_DIR = Path(sys.prefix) / "mjsim-native"  # one build per virtual environment, hence per Python
MANIFEST = "manifest.json"
PURE_ENV = "MJSIM_PURE_PYTHON"
ROOT = Path(__file__).resolve().parents[1]  # where the mjsim and variants packages live

_status = "pure Python: compiled modules not loaded yet"


def source_path(module: str) -> Path:
    """The Python source of a module of :data:`COMPILED_MODULES`."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def source_digests() -> dict[str, str]:
    """SHA-256 of each compiled module's source as it is now on disk."""
    return {m: hashlib.sha256(source_path(m).read_bytes()).hexdigest() for m in COMPILED_MODULES}


def build_status() -> str:
    """Which build of the scoring path runs: ``compiled (mypyc)``, or ``pure Python`` and why."""
    return _status


def compiled() -> bool:
    """True when the compiled modules are in use."""
    return _status.startswith("compiled")


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules in the build folder instead of the source tree."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname, path=None, target=None):  # the importlib.abc.MetaPathFinder protocol
        """The spec of a compiled module, or None to let the normal import find the source."""
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def activate() -> str:
    """Load the compiled modules on import when their build matches the sources; return the status."""
    global _status
    if any(m in sys.modules for m in COMPILED_MODULES):  # too late to choose: one came in before mjsim
        if not compiled():
            _status = "pure Python: a compiled module was imported before mjsim"
        return _status
    manifest, why_not = _usable_manifest()
    if manifest is None:
        _status = f"pure Python: {why_not}"
        return _status
    files = {name: BUILD_DIR / rel for name, rel in manifest["files"].items()}
    finder = _CompiledFinder(files)
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(manifest["shared"])  # the runtime every compiled module links to
    except ImportError as exc:
        sys.meta_path.remove(finder)
        _status = f"pure Python: the compiled build does not load ({exc})"
        return _status
    _status = f"compiled (mypyc {manifest['mypy']}, {len(COMPILED_MODULES)} modules)"
    return _status


def _usable_manifest() -> tuple[dict | None, str]:
    """The build's manifest when it may be loaded, else None and the reason."""
    if os.environ.get(PURE_ENV):
        return None, f"{PURE_ENV} is set"
    manifest = read_manifest()
    why_not = stale_reason(manifest, source_digests())
    return (None, why_not) if why_not else (manifest, "")


def read_manifest() -> dict | None:
    """The manifest of the compiled build in this environment (None: there is none)."""
    try:
        return json.loads((BUILD_DIR / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def stale_reason(manifest: dict | None, digests: dict[str, str]) -> str | None:
    """Why a build with this manifest must not be loaded over sources with these digests (None: it may)."""
    if manifest is None:
        return "no compiled build (`make` builds one)"
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return f"the compiled build is for {manifest.get('cache_tag')}, not {sys.implementation.cache_tag}"
    built = manifest.get("digests", {})
    changed = [m for m in COMPILED_MODULES if built.get(m) != digests[m]]
    if changed:
        return f"{', '.join(changed)} not compiled from the current source (`make` rebuilds)"
    return None

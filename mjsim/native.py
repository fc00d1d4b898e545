"""The compiled build of the scoring hot path: found, checked against the sources, then loaded.

``make`` compiles the core's :data:`CORE_MODULES` and the modules each installed
variant declares in its ``COMPILED_MODULES`` with mypyc into the virtual
environment (``python -m mjsim.native_build``); nothing compiled ever sits
beside the sources.  The build's manifest lists the modules it compiled, so
:func:`activate` (run when mjsim is imported) checks a build without importing
any variant.  It loads the build only if it was made from the sources now on
disk: every compiled module, and every other module of the ``mjsim`` and
``variants`` packages (the build reads their types, compiled code checks them
as it runs, and a variant's list lives in its ``__init__``), must have the
SHA-256 the build recorded.  A source is hashed again only when its size or
modification time differs from the one the build recorded (Python's own test of
a ``.pyc``; hashing every source was 9 ms of every start-up).  An edit is never
shadowed by a stale build: the edited code runs as Python until the next
``make``.  ``MJSIM_PURE_PYTHON=1`` (or true/yes) forces the sources (0/false/no does not); anything wrong with the
build (unreadable, partial, for another Python) also means pure Python, with the reason in :func:`build_status`.
Both builds give the same results (``tests/unit/test_native.py``).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

# The core's modules a hand passes through: scoring and shanten, then the engine's loop and the seats' view of
# it; the families add theirs (a variant's COMPILED_MODULES). All are compiled or none: compiled modules call
# each other directly. The agents stay Python: families subclass the generic bots (docs/performance.md).
CORE_MODULES = (
    "mjsim.scoring",
    "mjsim.hand.decompose",
    "mjsim.hand.shanten",
    "mjsim.hand.tiles",
    "mjsim.hand.discard_kernel",  # the bots' discard choice (docs/scoring_speed.md, "The discard kernel")
    "mjsim.engine.actions",
    "mjsim.engine.core",
    "mjsim.engine.offers",
    "mjsim.engine.state",
    "mjsim.engine.wins",
    "mjsim.agents.observation",
    "mjsim.rules.hooks",  # the flow facade: each hook call from the engine is then one Python call less
    "mjsim.runner.loop",  # the game loop: one interpreted frame less per decision
    "mjsim.checking.invariants",  # the checks --check runs after every step
    "mjsim.agents.payoff",  # the payoff model: rank chances by quadrature at every standing a payoff-aware player meets
)
OTHER_SOURCES = "(every other module of mjsim and variants)"  # the digest key of the sources not compiled
FORMAT = 3  # of the manifest (3: it lists the compiled modules): a build with another format is rebuilt, not read
MANIFEST = "manifest.json"
PURE_ENV = "MJSIM_PURE_PYTHON"
TRUE_WORDS = ("1", "true", "yes", "on")  # MJSIM_PURE_PYTHON values that force the sources
FALSE_WORDS = ("", "0", "false", "no", "off")  # values that leave the choice to the build
DIR_ENV = "MJSIM_NATIVE_DIR"
ROOT = Path(__file__).resolve().parents[1]  # where the mjsim and variants packages live
# One build per virtual environment, hence per Python; MJSIM_NATIVE_DIR points elsewhere (tests do).
BUILD_DIR = Path(os.environ.get(DIR_ENV) or Path(sys.prefix) / "mjsim-native")

_status = "pure Python: compiled modules not loaded yet"


def source_path(module: str) -> Path:
    """The Python source of a module of the ``mjsim`` or ``variants`` package (a package's ``__init__.py``)."""
    base = ROOT.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.is_file() else base.with_suffix(".py")


def source_digests(modules: Sequence[str]) -> dict[str, str]:
    """SHA-256 of each of ``modules``' sources, and one of all the other sources, as they are on disk."""
    digests = {m: _file_digest(source_path(m)) for m in modules}
    compiled_paths = {source_path(m) for m in modules}
    others = hashlib.sha256()
    for path in sorted(p for package in ("mjsim", "variants") for p in (ROOT / package).rglob("*.py")):
        if path not in compiled_paths:
            others.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    digests[OTHER_SOURCES] = others.hexdigest()
    return digests


def source_stamps() -> dict[str, list[int]]:
    """[modification time in ns, size] of every source of the ``mjsim`` and ``variants`` packages, by path."""
    stamps = {}
    for package in ("mjsim", "variants"):
        for folder, _dirs, names in os.walk(ROOT / package):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    found = os.stat(path)
                    stamps[os.path.relpath(path, ROOT)] = [found.st_mtime_ns, found.st_size]
    return stamps


def _current_digests(manifest: dict | None, modules: Sequence[str]) -> dict[str, str]:
    """The sources' digests: the build's own while every source has the stamp the build recorded, else hashed."""
    recorded = (manifest or {}).get("stamps")
    digests = (manifest or {}).get("digests")
    if isinstance(recorded, dict) and isinstance(digests, dict) and recorded == source_stamps():
        return digests
    return source_digests(modules)


def _file_digest(path: Path) -> str:
    """The SHA-256 of a file; a source that is gone has none (so no build of it matches)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return "(no source)"


def listed_modules(manifest: dict | None) -> tuple[str, ...]:
    """The modules a build's manifest says it compiled (none for no build, or a manifest without the list)."""
    modules = (manifest or {}).get("modules")
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        return ()
    return tuple(modules)


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
        """The spec of a compiled module, or None to let the normal import find the source.

        A compiled package (``mjsim.scoring``) finds its other modules beside its source, not in the build."""
        file = self.files.get(fullname)
        if file is None:
            return None
        source = source_path(fullname)
        if source.name != "__init__.py":
            return importlib.util.spec_from_file_location(fullname, file)
        search = [str(source.parent)]
        loader = _PackageLoader(fullname, str(file), search)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader, submodule_search_locations=search)


class _PackageLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled package, then points its ``__path__`` back at its sources (mypyc points it at the build,
    where only the compiled ``__init__`` is)."""

    def __init__(self, fullname: str, path: str, search: list[str]) -> None:
        super().__init__(fullname, path)
        self.search = search

    def exec_module(self, module) -> None:
        """Run the compiled module, then restore where its other modules are."""
        super().exec_module(module)
        module.__path__ = self.search


def activate() -> str:
    """Load the compiled modules on import when their build matches the sources; return the status."""
    global _status
    manifest = read_manifest()
    modules = listed_modules(manifest)
    if any(m in sys.modules for m in (*CORE_MODULES, *modules)):  # too late to choose: one came in before mjsim
        if not compiled():
            _status = "pure Python: a compiled module was imported before mjsim"
        return _status
    forced = pure_requested(os.environ.get(PURE_ENV, ""))
    if forced:
        _status = f"pure Python: {forced}"
        return _status
    try:
        why_not = stale_reason(manifest, _current_digests(manifest, modules))
        _status = f"pure Python: {why_not}" if why_not else _load(manifest)
    except Exception as exc:  # noqa: BLE001 - a broken build must never stop mjsim from importing
        _status = f"pure Python: the compiled build could not be checked ({exc!r})"
    return _status


def pure_requested(value: str) -> str | None:
    """Why ``MJSIM_PURE_PYTHON=value`` forces the sources (None: it does not). "1", "true", "yes" force them;
    "", "0", "false", "no" do not; any other word forces them too, and the status says it was not understood."""
    word = value.strip().lower()
    if word in FALSE_WORDS:
        return None
    if word in TRUE_WORDS:
        return f"{PURE_ENV} is set"
    return f"{PURE_ENV} is {value!r}, neither 1/true/yes nor 0/false/no"


def _load(manifest: dict) -> str:
    """Install the finder for a matching build and load its runtime; the status (pure Python if it fails)."""
    modules = listed_modules(manifest)
    wanted = (*modules, manifest["shared"])
    finder = _CompiledFinder({name: BUILD_DIR / manifest["files"][name] for name in wanted})
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(manifest["shared"])  # the runtime every compiled module links to
    except ImportError as exc:
        sys.meta_path.remove(finder)
        return f"pure Python: the compiled build does not load ({exc})"
    return f"compiled (mypyc {manifest['mypy']}, {len(modules)} modules)"


def read_manifest() -> dict | None:
    """The manifest of the compiled build in this environment (None: there is none, or it is unreadable)."""
    try:
        manifest = json.loads((BUILD_DIR / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def stale_reason(manifest: dict | None, digests: dict[str, str]) -> str | None:
    """Why a build with this manifest must not be loaded over sources with these digests (None: it may).

    ``digests`` are :func:`source_digests` of the modules that should be compiled: those the manifest lists
    (when mjsim is imported) or those the core and the variants declare now (the builder's ``--if-stale``).
    """
    if manifest is None:
        return "no compiled build (`make` builds one)"
    if manifest.get("format") != FORMAT or not _complete(manifest):
        return "the compiled build is from another version of mjsim (`make` rebuilds)"
    if manifest["cache_tag"] != sys.implementation.cache_tag:
        return f"the compiled build is for {manifest['cache_tag']}, not {sys.implementation.cache_tag}"
    built = manifest["digests"]
    if set(built) != set(digests):
        return "the compiled build has other modules than the core and the variants declare (`make` rebuilds)"
    changed = [m for m in listed_modules(manifest) if built[m] != digests[m]]
    if changed:
        return f"{', '.join(changed)} not compiled from the current source (`make` rebuilds)"
    if built != digests:
        return "other mjsim or variants sources changed since the compiled build (`make` rebuilds)"
    return None


def _complete(manifest: dict) -> bool:
    """Whether a manifest names a build of the core modules and more, with a digest and file for each."""
    files, digests, modules = manifest.get("files"), manifest.get("digests"), listed_modules(manifest)
    strings = all(isinstance(manifest.get(key), str) for key in ("shared", "cache_tag", "mypy"))
    if not (strings and isinstance(files, dict) and isinstance(digests, dict) and set(CORE_MODULES) <= set(modules)):
        return False
    return set(digests) == {*modules, OTHER_SOURCES} and set(files) == {*modules, manifest["shared"]}

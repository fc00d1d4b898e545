"""Compile the scoring hot path with mypyc into the virtual environment: ``python -m mjsim.native_build``.

It compiles the core's modules and those every installed variant declares
(:func:`compiled_modules`).  The build goes to a temporary folder and replaces
:data:`mjsim.native.BUILD_DIR` only when it is complete, with a manifest of the
modules and the source digests it was built from (:mod:`mjsim.native` loads it
only while they still match).  It needs
mypy (the ``native`` extra) and a C compiler; without them mjsim runs as Python.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from mjsim.errors import MjsimError
from mjsim.native import (
    BUILD_DIR,
    CORE_MODULES,
    FORMAT,
    MANIFEST,
    read_manifest,
    source_digests,
    source_path,
    source_stamps,
    stale_reason,
)

_MYPY_FLAGS = (
    # Imported modules are read for their types only; their own typing is not this build's business.
    "--follow-imports=silent",
    # Patterns and the value functions read ctx.reading, which evaluate() sets while they run (None outside).
    "--disable-error-code=union-attr",
)


BUILD_LOG = "mjsim-native-build.log"  # beside the build folder: what the compiler said when a build failed


class BuildError(Exception):
    """The compiled build failed (no mypy, no C compiler, or a type error in a compiled module)."""


def compiled_modules() -> tuple[str, ...]:
    """The modules the build compiles: the core's, then each installed variant's ``COMPILED_MODULES``."""
    from mjsim.rules.plugins import installed_variants, load_variant

    modules = list(CORE_MODULES)
    for variant in sorted(installed_variants()):
        declared = getattr(load_variant(variant), "COMPILED_MODULES", ())
        modules += [m for m in declared if m not in modules]
    missing = [m for m in modules if not source_path(m).is_file()]
    if missing:  # only the mjsim and variants packages are digested, hence compiled
        raise BuildError(f"no source in the mjsim or variants package for {', '.join(missing)}")
    return tuple(modules)


def build(out: Path = BUILD_DIR) -> Path:
    """Compile :func:`compiled_modules` into ``out`` (replaced whole) and return it."""
    from mypy.version import __version__ as mypy_version

    modules = compiled_modules()
    stamps = source_stamps()  # first: a source touched after this has another stamp, so it is hashed again
    digests = source_digests(modules)  # before compiling: an edit during the build must not pass for built
    files = [str(source_path(m)) for m in modules]
    out.parent.mkdir(parents=True, exist_ok=True)
    # Not in the project folder: setuptools would read the project's pyproject.toml as this build's.
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp, contextlib.chdir(tmp):
        lib = Path(tmp, "lib")
        _compile(files, lib, Path(tmp, "work"), out.parent / BUILD_LOG)
        manifest = {
            "format": FORMAT,
            "cache_tag": sys.implementation.cache_tag,
            "mypy": mypy_version,
            "modules": list(modules),
            "digests": digests,
            "stamps": stamps,
            "files": _built_files(lib, modules),
        }
        manifest["shared"] = next(name for name in manifest["files"] if name not in modules)
        (lib / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        os.replace(lib, out)
    return out


def _compile(files: list[str], lib: Path, work: Path, log_path: Path) -> None:
    """Type-check and compile ``files`` with mypyc, extensions into ``lib`` (BuildError; the log to ``log_path``)."""
    from mypyc.build import mypycify
    from setuptools import setup

    log = io.StringIO()  # shown only when the build fails
    try:
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            extensions = mypycify([*_MYPY_FLAGS, *files], opt_level="3", target_dir=str(work / "c"))
            setup(
                name="mjsim-native",
                ext_modules=extensions,
                script_args=["build_ext", "--build-lib", str(lib), "--build-temp", str(work / "o")],
            )
    except (Exception, SystemExit) as exc:  # mypy reports type errors by exiting
        log_path.write_text(log.getvalue(), encoding="utf-8")
        raise BuildError(f"{exc or 'type errors'} (the build's output: {log_path})") from exc


def _built_files(lib: Path, modules: tuple[str, ...]) -> dict[str, str]:
    """Module name -> path (relative to ``lib``) of every extension the build produced."""
    files = {}
    for path in lib.rglob("*.so"):
        rel = path.relative_to(lib)
        stem = rel.name.split(".")[0]
        parts = rel.parent.parts if stem == "__init__" else (*rel.parent.parts, stem)  # a package by its name
        files[".".join(parts)] = str(rel)
    missing = set(modules) - set(files)
    if missing or len(files) != len(modules) + 1:  # one shared runtime besides the modules
        raise BuildError(f"the compiled build is incomplete (got {sorted(files)})")
    return files


def main(argv: list[str] | None = None) -> int:
    """Build (or, with --if-stale, only when the sources changed); exit 1 with the reason when it cannot."""
    parser = argparse.ArgumentParser(prog="python -m mjsim.native_build", description=__doc__.splitlines()[0])
    parser.add_argument("--if-stale", action="store_true", help="do nothing when the build matches the sources")
    args = parser.parse_args(argv)
    try:
        if args.if_stale and stale_reason(read_manifest(), source_digests(compiled_modules())) is None:
            print(f"mjsim: compiled modules up to date in {BUILD_DIR}")
            return 0
        out = build()
    # No mypy, no compiler, no write access, a variant that does not load: mjsim runs as Python.
    except (ImportError, BuildError, OSError, MjsimError) as exc:
        print(f"mjsim: compiled scoring not built; mjsim runs as pure Python. Reason: {exc}", file=sys.stderr)
        return 1
    print(f"mjsim: compiled {len(compiled_modules())} modules into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

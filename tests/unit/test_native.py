"""The compiled build of the scoring path: loaded only when it matches the sources, and scoring alike.

`make test` builds it (mjsim/native.py); on a machine without a C compiler the tests that need it are
skipped, unless ``MJSIM_REQUIRE_COMPILED`` is set (CI sets it: there the build must exist).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from mjsim import native, native_build

# What the build compiles at least: the scoring path and the bots' discard kernel (HOT_PATH: the rest).
COMPILED = (
    "mjsim.scoring",
    "mjsim.hand.decompose",
    "mjsim.hand.shanten",
    "mjsim.hand.tiles",
    "mjsim.hand.discard_kernel",
    "variants.riichi.fu",
    "variants.riichi.limits",
    "variants.riichi.payments",
    "variants.riichi.scorer",
    "variants.riichi.yaku",
)

_SCORE_DIGEST = """
import hashlib, random, sys
from dataclasses import replace
import mjsim
from mjsim import native
from benchmarks.hand import winning_hands
from mjsim.rules import RuleSet
from variants.riichi import table_facts as tf
rules = RuleSet.resolve(sys.argv[1]).compile()
rng = random.Random(5)
forbidden = ("tanyao", "pinfu", "riichi", "dora", "yakuhai_haku", "honitsu", "iipeikou")
lines = []
for hand in winning_hands(int(sys.argv[2]), 5):
    extra = {"jirai.forbidden": tuple(rng.sample(forbidden, 2))} if sys.argv[1] == "jirai" else {}
    ctx = replace(tf.with_table(hand.ctx, honba=rng.randrange(4), sticks=rng.randrange(3)), extra=extra)
    try:
        score = mjsim.score(ctx, rules)
    except mjsim.MjsimError as exc:
        lines.append(f"no win: {exc}")
        continue
    # repr keeps the types: a Fraction, float or int base point is told apart
    lines.append(repr((score.hits, score.detail, score.value, score.payments, score.reading)))
print(native.build_status())
print(hashlib.sha256("\\n".join(lines).encode()).hexdigest())
"""


def _require_compiled() -> None:
    """Skip when there is no compiled build here, fail when CI says there must be one."""
    if native.compiled():
        return
    if os.environ.get("MJSIM_REQUIRE_COMPILED"):
        pytest.fail(f"MJSIM_REQUIRE_COMPILED is set but mjsim runs as {native.build_status()}")
    pytest.skip(f"no compiled build: {native.build_status()}")


def _digest_in_subprocess(preset: str, hands: int, pure: bool) -> tuple[str, str]:
    """(build status, digest of the outcomes) of scoring the seeded hands in a fresh interpreter."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _SCORE_DIGEST, preset, str(hands)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    status, digest = done.stdout.split("\n")[:2]
    return status, digest


@pytest.mark.parametrize("preset", ["tenhou", "rado", "jirai"])
def test_the_compiled_and_the_python_build_score_alike(preset):
    _require_compiled()
    compiled_status, compiled_digest = _digest_in_subprocess(preset, 400, pure=False)
    pure_status, pure_digest = _digest_in_subprocess(preset, 400, pure=True)
    assert compiled_status.startswith("compiled")
    assert pure_status == f"pure Python: {native.PURE_ENV} is set"
    assert compiled_digest == pure_digest


def test_the_compiled_modules_are_the_ones_in_use():
    _require_compiled()
    import mjsim.scoring
    import variants.riichi.yaku

    for module in (mjsim.scoring, variants.riichi.yaku):
        assert not module.__file__.endswith(".py"), module.__file__
        assert str(native.BUILD_DIR) in module.__file__


def test_compiled_yaku_keep_their_kanji_titles():
    """mypyc keeps no docstrings: the titles are read from the source instead."""
    from variants.riichi.yaku import PATTERNS

    titles = {p.name: p.title for p in PATTERNS}
    assert titles["riichi"] == "立直"
    assert titles["sanshoku_doujun"] == "三色同順"
    assert all(p.doc.startswith(p.title) for p in PATTERNS)


# The whole-game path the build compiles besides scoring (issue 22): the engine's loop, the seats' view, the
# riichi family's turn rules and the human player's helpers.
HOT_PATH = (
    "mjsim.engine.core",
    "mjsim.engine.offers",
    "mjsim.engine.state",
    "mjsim.engine.actions",
    "mjsim.agents.observation",
    "variants.riichi.play",
    "variants.riichi.waits",
    "variants.riichi.kans",
    "variants.riichi.human.value",
)


def test_the_build_compiles_the_core_modules_and_those_the_riichi_family_declares():
    import variants.riichi

    declared = native.CORE_MODULES + variants.riichi.COMPILED_MODULES
    assert set(COMPILED) <= set(declared) and set(HOT_PATH) <= set(declared)
    assert native_build.compiled_modules() == declared  # no other installed variant declares any


def test_the_bots_stay_python_for_the_families_that_subclass_them():
    """A compiled EfficiencyBot could not be subclassed by the families' interpreted bots (issue 22's pitfall)."""
    assert not {"mjsim.agents.base", "mjsim.agents.bots"} & set(native_build.compiled_modules())


def test_the_core_lists_only_its_own_modules():
    assert all(m.startswith("mjsim.") for m in native.CORE_MODULES)


def test_a_variant_module_without_a_source_in_the_packages_is_not_compiled(monkeypatch):
    import variants.riichi

    monkeypatch.setattr(variants.riichi, "COMPILED_MODULES", ("variants.riichi.nowhere",))
    with pytest.raises(native_build.BuildError, match="no source in the mjsim or variants package for variants.riichi"):
        native_build.compiled_modules()


# A build's modules as the tests' manifests list them: the core's, then those the variants declare.
BUILT = native_build.compiled_modules()


def _digests(modules=BUILT) -> dict[str, str]:
    return {m: hashlib.sha256(m.encode()).hexdigest() for m in (*modules, native.OTHER_SOURCES)}


def _manifest(**changes) -> dict:
    files = {m: f"{m}.so" for m in (*BUILT, "abc__mypyc")}
    manifest = {
        "format": native.FORMAT,
        "cache_tag": sys.implementation.cache_tag,
        "mypy": "2.4.1",
        "modules": list(BUILT),
        "digests": _digests(),
        "files": files,
        "shared": "abc__mypyc",
    }
    return {**manifest, **changes}


def test_a_build_that_matches_the_sources_may_be_loaded():
    assert native.stale_reason(_manifest(), _digests()) is None


def test_a_build_of_an_older_source_is_not_loaded():
    edited = {**_digests(), "variants.riichi.fu": "0" * 64}
    reason = native.stale_reason(_manifest(), edited)
    assert reason == "variants.riichi.fu not compiled from the current source (`make` rebuilds)"


def test_an_edit_to_a_module_that_is_not_compiled_also_retires_the_build():
    """The build read every module's types, and compiled code checks them as it runs."""
    edited = {**_digests(), native.OTHER_SOURCES: "0" * 64}
    reason = native.stale_reason(_manifest(), edited)
    assert reason == "other mjsim or variants sources changed since the compiled build (`make` rebuilds)"


def test_a_build_for_another_python_is_not_loaded():
    reason = native.stale_reason(_manifest(cache_tag="cpython-39"), _digests())
    assert reason == f"the compiled build is for cpython-39, not {sys.implementation.cache_tag}"


def test_no_build_means_pure_python():
    assert native.stale_reason(None, _digests()) == "no compiled build (`make` builds one)"


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"format": 1}, id="older-format"),
        pytest.param({"shared": None}, id="no-runtime"),
        pytest.param({"digests": []}, id="digests-not-a-table"),
        pytest.param({"files": {"mjsim.scoring": "x.so"}}, id="files-missing"),
        pytest.param({"digests": {m: "0" for m in BUILT}}, id="no-other-sources-digest"),
        pytest.param({"format": 2, "modules": None}, id="format-2-without-a-module-list"),
        pytest.param({"modules": None}, id="no-module-list"),
        pytest.param({"modules": list(BUILT[len(native.CORE_MODULES) :])}, id="module-list-without-the-core"),
        pytest.param({"modules": list(BUILT[:-1])}, id="module-list-shorter-than-the-files"),
    ],
)
def test_a_build_from_another_version_or_incomplete_is_not_loaded(changes):
    reason = native.stale_reason(_manifest(**changes), _digests())
    assert reason == "the compiled build is from another version of mjsim (`make` rebuilds)"


@pytest.mark.parametrize(
    "declared",
    [pytest.param(BUILT[:-1], id="a-module-dropped"), pytest.param((*BUILT, "variants.riichi.detail"), id="one-added")],
)
def test_a_build_of_other_modules_than_declared_is_rebuilt(declared):
    """The builder (--if-stale) compares the build with the list the core and the variants declare now."""
    reason = native.stale_reason(_manifest(), _digests(declared))
    assert reason == "the compiled build has other modules than the core and the variants declare (`make` rebuilds)"


def test_an_edit_to_a_variants_list_retires_the_build_on_import(tmp_path, monkeypatch):
    """mjsim's import checks the manifest's own list; the variant's list lives in a digested ``__init__``."""
    for package in ("mjsim", "variants"):
        shutil.copytree(native.ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(native, "ROOT", tmp_path)
    built = _manifest(digests=native.source_digests(BUILT))
    riichi = tmp_path / "variants" / "riichi" / "__init__.py"
    riichi.write_text(riichi.read_text(encoding="utf-8").replace('    "variants.riichi.yaku",\n', ""), "utf-8")
    assert native.stale_reason(built, native.source_digests(BUILT)) == (
        "other mjsim or variants sources changed since the compiled build (`make` rebuilds)"
    )


def _status_with_build_dir(build_dir, **env) -> str:
    """The build status of a fresh interpreter whose compiled build would live in ``build_dir``."""
    environment = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    environment.update({native.DIR_ENV: str(build_dir), **env})
    code = "import mjsim, mjsim.native as n; print(n.build_status()); print(mjsim.shanten('123m456p789s11z222z'))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, timeout=120, check=True
    )
    status, shanten = done.stdout.splitlines()
    assert shanten == "-1"  # mjsim works whatever the build's state
    return status


@pytest.mark.parametrize(
    ("manifest_text", "expected"),
    [
        pytest.param(None, "pure Python: no compiled build (`make` builds one)", id="no-build"),
        pytest.param("{not json", "pure Python: no compiled build (`make` builds one)", id="unreadable"),
        pytest.param("[]", "pure Python: no compiled build (`make` builds one)", id="not-a-table"),
        pytest.param(
            '{"format": 2}',
            "pure Python: the compiled build is from another version of mjsim (`make` rebuilds)",
            id="incomplete",
        ),
        pytest.param(
            json.dumps({**_manifest(format=2), "modules": None}),
            "pure Python: the compiled build is from another version of mjsim (`make` rebuilds)",
            id="a-format-2-build-without-a-module-list",
        ),
    ],
)
def test_a_missing_or_broken_build_never_stops_mjsim_from_importing(tmp_path, manifest_text, expected):
    if manifest_text is not None:
        (tmp_path / native.MANIFEST).write_text(manifest_text, encoding="utf-8")
    assert _status_with_build_dir(tmp_path) == expected


def test_a_build_whose_files_are_gone_falls_back_to_python(tmp_path):
    """The manifest matches the sources but the compiled files cannot be loaded."""
    manifest = _manifest(digests=native.source_digests(BUILT))
    (tmp_path / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert _status_with_build_dir(tmp_path).startswith("pure Python: the compiled build does not load")


@pytest.mark.parametrize(("value", "pure"), [("1", True), ("yes", True), ("0", False), ("", False)])
def test_only_a_set_pure_python_switch_forces_the_sources(value, pure):
    _require_compiled()
    status = _status_with_build_dir(native.BUILD_DIR, **{native.PURE_ENV: value})
    assert status.startswith("pure Python") == pure


def test_the_manifest_names_every_compiled_module():
    _require_compiled()
    manifest = json.loads((native.BUILD_DIR / native.MANIFEST).read_text(encoding="utf-8"))
    modules = native_build.compiled_modules()
    assert manifest["modules"] == list(modules)
    assert set(manifest["digests"]) == {*modules, native.OTHER_SOURCES}
    assert manifest["digests"] == native.source_digests(modules)
    assert set(manifest["files"]) == {*modules, manifest["shared"]}


def test_the_builder_says_why_it_cannot_build_and_fails_softly(monkeypatch, capsys):
    def no_mypy(out=native.BUILD_DIR):
        raise ImportError("No module named 'mypyc'")

    monkeypatch.setattr(native_build, "build", no_mypy)
    assert native_build.main([]) == 1
    err = capsys.readouterr().err
    assert "mjsim runs as pure Python" in err and "No module named 'mypyc'" in err


def test_the_builder_leaves_a_matching_build_alone(monkeypatch, capsys):
    monkeypatch.setattr(native_build, "read_manifest", lambda: _manifest())
    monkeypatch.setattr(native_build, "source_digests", lambda modules: _digests(modules))
    monkeypatch.setattr(native_build, "build", lambda: pytest.fail("a matching build was rebuilt"))
    assert native_build.main(["--if-stale"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_sources_with_the_recorded_stamps_are_not_hashed_again(monkeypatch):
    recorded = {"digests": {"(recorded)": "1" * 64}, "stamps": native.source_stamps()}
    monkeypatch.setattr(native, "source_digests", lambda modules: pytest.fail("hashed though no stamp changed"))
    assert native._current_digests(recorded, BUILT) == recorded["digests"]


@pytest.mark.parametrize("change", ["size", "mtime", "new file"])
def test_a_source_with_another_stamp_is_hashed_again(monkeypatch, change):
    stamps = native.source_stamps()
    path = sorted(stamps)[0]
    if change == "new file":
        del stamps[path]
    else:
        stamps[path] = [stamps[path][0] + (change == "mtime"), stamps[path][1] + (change == "size")]
    recorded = {"digests": {"(recorded)": "1" * 64}, "stamps": stamps}
    monkeypatch.setattr(native, "source_digests", lambda modules: {"(hashed)": "2" * 64})
    assert native._current_digests(recorded, BUILT) == {"(hashed)": "2" * 64}

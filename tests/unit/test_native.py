"""The compiled build of the scoring path: loaded only when it matches the sources, and scoring alike.

`make test` builds it (mjsim/native.py); on a machine without a C compiler the tests that need it are
skipped, unless ``MJSIM_REQUIRE_COMPILED`` is set (CI sets it: there the build must exist).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from mjsim import native

_SCORE_DIGEST = """
import hashlib, json, sys
from dataclasses import replace
from mjsim import native
from mjsim.bench import mjsim_outcome, winning_hands
from mjsim.rules import RuleSet
rules = RuleSet.from_preset(sys.argv[1]).compile()
hands = winning_hands(int(sys.argv[2]), 5)
out = [mjsim_outcome(replace(h.ctx, options=rules.values), rules) for h in hands]
print(native.build_status())
print(hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest())
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


def _manifest(**changes) -> dict:
    manifest = {"cache_tag": sys.implementation.cache_tag, "digests": _digests()}
    return {**manifest, **changes}


def _digests() -> dict[str, str]:
    return {m: hashlib.sha256(m.encode()).hexdigest() for m in native.COMPILED_MODULES}


def test_a_build_that_matches_the_sources_may_be_loaded():
    assert native.stale_reason(_manifest(), _digests()) is None


def test_a_build_of_an_older_source_is_not_loaded():
    edited = {**_digests(), "variants.riichi.fu": "0" * 64}
    reason = native.stale_reason(_manifest(), edited)
    assert reason == "variants.riichi.fu not compiled from the current source (`make` rebuilds)"


def test_a_build_for_another_python_is_not_loaded():
    reason = native.stale_reason(_manifest(cache_tag="cpython-39"), _digests())
    assert reason == f"the compiled build is for cpython-39, not {sys.implementation.cache_tag}"


def test_no_build_means_pure_python():
    assert native.stale_reason(None, _digests()) == "no compiled build (`make` builds one)"


def test_a_module_missing_from_the_build_is_not_loaded():
    manifest = _manifest(digests={m: d for m, d in _digests().items() if m != "variants.riichi.yaku"})
    assert native.stale_reason(manifest, _digests()).startswith("variants.riichi.yaku not compiled")


def test_the_manifest_names_every_compiled_module():
    _require_compiled()
    manifest = json.loads((native.BUILD_DIR / native.MANIFEST).read_text(encoding="utf-8"))
    assert set(manifest["digests"]) == set(native.COMPILED_MODULES)
    assert manifest["digests"] == native.source_digests()
    assert manifest["shared"] in manifest["files"]


def test_the_builder_says_why_it_cannot_build_and_fails_softly(monkeypatch, capsys):
    from mjsim import native_build

    def no_mypy(out=native.BUILD_DIR):
        raise ImportError("No module named 'mypyc'")

    monkeypatch.setattr(native_build, "build", no_mypy)
    assert native_build.main([]) == 1
    err = capsys.readouterr().err
    assert "mjsim runs as pure Python" in err and "No module named 'mypyc'" in err


def test_the_builder_leaves_a_matching_build_alone(monkeypatch, capsys):
    from mjsim import native_build

    monkeypatch.setattr(native_build, "read_manifest", lambda: _manifest())
    monkeypatch.setattr(native_build, "source_digests", _digests)
    monkeypatch.setattr(native_build, "build", lambda: pytest.fail("a matching build was rebuilt"))
    assert native_build.main(["--if-stale"]) == 0
    assert "up to date" in capsys.readouterr().out

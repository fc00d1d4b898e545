"""The README is checked: every command of its ``sh`` blocks runs (with small games), in order, in a scratch folder,
and its figures that the code can say are the code's (compiled modules, presets, the viewer's games, the Tenhou
counts).

Each command runs as written, through bash, with four rewrites: ``.venv/bin/mjsim`` and a leading ``mjsim`` become
this Python's ``-m mjsim``; ``PYTHONPATH=examples`` keeps the checkout on the path; ``../shared`` is the shared
validation data beside the checkout (those commands skip without it); and sizes shrink (``--games``, ``--examples``,
``--iterations``, and a size added to a ``simulate`` or ``check`` that names none). ``make run`` runs the Makefile's
``run`` command on a copy of the flagship experiment cut to 2 games; the experiment of "A first experiment" is
written as ``kuikae.toml`` cut to 4 games. A command whose comment says ``exit 2`` must fail with status 2.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import SHARED_DIR as SHARED
from tests.shared import require_shared

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PY = shlex.quote(sys.executable)
SMALL = {"--games": 2, "--examples": 2, "--iterations": 2}  # compare needs 2 games; calibrate 2 evaluations
NOT_RUN = {  # a command of the README that no test can run, and why (each must still be in the README)
    "make test": "it is the test suite itself (and lint); CI runs it",
    ".venv/bin/pip install -e '.[ray]'": "it installs a package; the dev extra this suite runs with has Ray",
    ".venv/bin/mjsim run kuikae.toml --backend ray --address HOST:6379 --out ray-results": "HOST: the reader's cluster",
}


def blocks(kind: str) -> list[str]:
    """The README's fenced blocks of one kind, in order."""
    return re.findall(rf"```{kind}\n(.*?)```", README, re.S)


def commands() -> list[str]:
    """Every command of the README's ``sh`` blocks, continuation lines joined, in order."""
    out = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            if line.strip():
                out.append(" ".join(line.split()) if "#" not in line else line.strip())
    return out


def _code(command: str) -> str:
    """A command without its trailing comment (a ``#`` after two spaces, outside quotes in every README line)."""
    return re.split(r"\s{2,}#|\s#\s", command, maxsplit=1)[0].strip()


def _shrink(code: str) -> str:
    """Small sizes: each size option cut, and a size given to a ``simulate`` or ``check`` that names none."""
    for option, small in SMALL.items():
        code = re.sub(rf"{option} \d+", f"{option} {small}", code)
    words = code.split()
    if "simulate" in words and "--games" not in words:
        code += " --games 1"
    if "check" in words and "--examples" not in words:
        code += " --examples 2"
    return code


def shell_line(command: str) -> str:
    """The command as bash runs it here (see the module's docstring)."""
    code = _code(command)
    if code == "make run":
        code = _makefile_run()
    code = code.replace(".venv/bin/mjsim", f"{PY} -m mjsim")
    code = re.sub(r"^((?:\w+=\S+ )*)mjsim ", rf"\1{PY} -m mjsim ", code)
    code = code.replace("PYTHONPATH=examples", f"PYTHONPATH={ROOT / 'examples'}:{ROOT}")
    code = code.replace("../shared", str(SHARED))
    return _shrink(code)


def _makefile_run() -> str:
    """The ``mjsim`` command of the Makefile's ``run`` target."""
    recipe = re.search(r"^run:.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M).group(1)
    line = next(line.strip() for line in recipe.splitlines() if "mjsim run" in line)
    return line.replace("$(BIN)/mjsim", ".venv/bin/mjsim")


def expected_status(command: str) -> int:
    """2 where the README's comment says the command exits 2, else 0."""
    return 2 if re.search(r"#.*\bexit 2\b", command) else 0


RUN = [c for c in commands() if _code(c) not in NOT_RUN]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    """A scratch folder laid out as the checkout's root for these commands: examples, a small flagship experiment,
    and "A first experiment" as kuikae.toml, both cut to a few games."""
    root = tmp_path_factory.mktemp("readme")
    (root / "examples").symlink_to(ROOT / "examples")
    (root / "experiments").mkdir()
    quickstart = (ROOT / "experiments" / "quickstart.toml").read_text(encoding="utf-8")
    (root / "experiments" / "quickstart.toml").write_text(_cut(quickstart, 2), encoding="utf-8")
    kuikae = next(b for b in blocks("toml") if 'name = "kuikae"' in b)
    (root / "kuikae.toml").write_text(_cut(kuikae, 4), encoding="utf-8")
    return root


def _cut(experiment: str, games: int) -> str:
    """An experiment file with ``games`` games per rule set and no more (--until-ci stops there)."""
    text = re.sub(r"^games = \d+", f"games = {games}", experiment, flags=re.M)
    text = re.sub(r"^max_games = \d+\n", "", text, flags=re.M)
    return re.sub(r"^(games = \d+.*)$", rf"\1\nmax_games = {games}", text, count=1, flags=re.M)


def test_the_readme_lists_the_commands_it_does_not_run():
    listed = [_code(c) for c in commands()]
    assert all(command in listed for command in NOT_RUN), set(NOT_RUN) - set(listed)


def test_the_readme_runs_the_flagship_experiment_and_simulates():
    codes = [_code(c) for c in RUN]
    assert "make run" in codes and any("simulate --preset chengdu" in c for c in codes)


@pytest.mark.parametrize("command", RUN, ids=[f"{i:02d} {_code(c)[:60]}" for i, c in enumerate(RUN)])
def test_readme_command_runs(workspace, command):
    if "../shared" in command:
        require_shared(SHARED)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",  # `python` of mjai_bot
        "HOME": str(workspace),  # the completion script's file lands here, not in the real home ...
        "MJSIM_CACHE_DIR": os.environ.get("MJSIM_CACHE_DIR") or str(Path.home() / ".cache" / "mjsim"),  # ... not tables
        "MJSIM_PURE_PYTHON": os.environ.get("MJSIM_PURE_PYTHON", ""),
    }
    line = shell_line(command)
    run = subprocess.run(["bash", "-c", line], cwd=workspace, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == expected_status(command), f"{line}\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    assert "Traceback" not in run.stderr, run.stderr


def test_the_python_example_runs(workspace):
    code = next(b for b in blocks("python") if "import mjsim" in b)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], cwd=workspace, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


# --- figures the code can say ------------------------------------------------------------------------------------


def test_the_compiled_module_count_is_the_builds():
    from mjsim.native_build import compiled_modules

    count = len(compiled_modules())
    assert f"engine modules ({count}, listed in `docs/scoring_speed.md`)" in README
    assert f"`mjsim/native_build.py`): {count} modules." in (ROOT / "docs" / "scoring_speed.md").read_text("utf-8")


def test_the_preset_count_is_the_installed_presets():
    from mjsim.rules.presets import preset_names

    assert f"{len(preset_names())} presets," in README


def test_the_viewer_folder_holds_the_games_the_readme_says():
    pages = sorted(p.stem for p in (ROOT / "results" / "viewer").glob("*.html"))
    said = "`results/viewer/` has a riichi, a sanma, a 成都 and a 台湾 game and a real Tenhou game"
    assert pages == ["chengdu", "taiwan", "tenhou", "tenhou-real-advised", "tenhou-sanma"], pages
    assert said in " ".join(README.split()), "the README's sentence on results/viewer changed"


def _mjsim(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mjsim", *args], capture_output=True, text=True, env=env, cwd=ROOT)
    return run.stdout + run.stderr


def test_the_tenhou_counts_are_the_commands():
    require_shared(SHARED)
    readme = " ".join(README.split())
    cases = _mjsim("score", "--cases", str(SHARED / "validation/tenhou/derived/tenhou_agari_cases.jsonl"))
    agree, skipped = re.search(r"(\d+) agree, 0 disagree, 0 errors, (\d+) skipped", cases).groups()
    assert f"{agree} of {agree} standard Tenhou winning hands" in readme and f"({skipped} three-player" in readme
    mjlog = _mjsim("replay", str(SHARED / "validation/tenhou/mjlog"), "--quiet")
    rounds, left = re.search(r"(\d+) of \1 replayed rounds agree, (\d+) skipped", mjlog).groups()
    assert f"{rounds} of {rounds} standard mjlog rounds ({left} skipped)" in readme
    package = _mjsim("score", "--cases", str(SHARED / "validation/scoring/mahjong_pkg_cases.json"))
    agree = re.search(r"(\d+) agree, 0 disagree, 0 errors, 0 skipped", package).group(1)
    assert f"{agree} of {agree} `mahjong` package cases" in readme
    tenhou6 = str(SHARED / "validation/tenhou/tenhou6")
    rounds = re.search(r"(\d+) of \1 replayed rounds agree", _mjsim("replay", tenhou6, "--quiet")).group(1)
    assert f"{rounds} of {rounds} tenhou.net/6 rounds" in readme
    moved = _mjsim("replay", tenhou6, "--preset", "mahjongsoul", "--quiet")
    hands, changed = re.search(r"(\d+) hands, (\d+) changed result", moved).groups()
    assert f"--preset mahjongsoul # {hands} rounds: {changed} changes (a pao split)" in readme

"""The mjai seat: a bot process plays a seat; its bad answers are one-line errors and leave no process behind."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from variants.riichi.mjai.seat import SUBSTITUTED
from variants.riichi.mjai.spec import parse_spec

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "mjai_bot.py"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "MJSIM_PURE_PYTHON": "1"}

# A bot that plays like the example bot until its first own draw, then misbehaves as told.
BAD_BOT = """
import json, os, sys, time
sys.path.insert(0, {examples!r})
from mjai_bot import Player, answer
open({pids!r}, "a").write(f"{{os.getpid()}}\\n")
marker = {marker!r}
player = Player()
for line in sys.stdin:
    event = json.loads(line)
    player.follow(event)
    misbehave = event["type"] == "tsumo" and event["actor"] == player.seat and not os.path.exists(marker)
    if misbehave:
        {misbehave}
    print(json.dumps(answer(player, event)), flush=True)
"""
MISBEHAVIOURS = {
    "illegal": 'print(json.dumps({"type": "dahai", "actor": player.seat, "pai": "?x"}), flush=True); continue',
    "garbage": 'print("hello, I am no bot", flush=True); continue',
    "nan": """print('{"type": "dahai", "actor": 0, "pai": NaN}', flush=True); continue""",  # JSON's NaN is no mjai
    "sleeps": "time.sleep(30)",
    "exits": "sys.exit(3)",
}
FRAGMENTS = {
    "illegal": "not legal here",
    "garbage": "not an mjai message",
    "nan": "not an mjai message",
    "sleeps": "no answer within",
    "exits": "exited with status 3",
}


def bad_bot(tmp_path: Path, how: str, marker: Path | None = None) -> tuple[str, Path]:
    """(the agent name of a bot that misbehaves as ``how`` while ``marker`` does not exist, its pid file)."""
    pids = tmp_path / f"{how}.pids"
    script = tmp_path / f"{how}_bot.py"
    code = BAD_BOT.format(
        examples=str(BOT.parent), pids=str(pids), marker=str(marker or tmp_path / "never"), misbehave=MISBEHAVIOURS[how]
    )
    script.write_text(textwrap.dedent(code))
    return f"mjai:timeout=2 {shlex.join([sys.executable, str(script)])}", pids


def alive(pid: int) -> bool:
    """The process exists and is not a zombie (``ps`` says so)."""
    out = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return bool(out) and not out.startswith("Z")


def simulate(*agents: str, games: int = 1, extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    cmd = [
        sys.executable,
        "-m",
        "mjsim",
        "simulate",
        "--games",
        str(games),
        "--seed",
        "1",
        "--agents",
        ",".join(agents),
    ]
    return subprocess.run([*cmd, *extra, "--json"], capture_output=True, text=True, env=ENV, timeout=600, cwd=ROOT)


def test_example_bot_plays_checked_games_with_one_digest():
    seat = f"mjai:{shlex.join([sys.executable, str(BOT)])}"
    runs = [simulate(seat, "efficiency", "efficiency", "efficiency", games=2, extra=("--check",)) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
    summaries = [json.loads(run.stdout) for run in runs]
    assert summaries[0]["invariant_violations"] == 0
    assert summaries[0]["digest"] == summaries[1]["digest"]


@pytest.mark.parametrize("how", sorted(MISBEHAVIOURS))
def test_a_bad_bot_is_one_line_and_leaves_no_process(tmp_path, how):
    name, pids = bad_bot(tmp_path, how)
    run = simulate(name, "efficiency", "efficiency", "efficiency")
    assert run.returncode == 2, run.stderr
    lines = [line for line in run.stderr.splitlines() if not line.startswith("progress")]
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert "mjai bot" in lines[0] and "seat 0" in lines[0] and FRAGMENTS[how] in lines[0]
    assert '"type":"tsumo"' in lines[0]  # the event it answered
    started = [int(p) for p in pids.read_text().split()]
    assert started and not any(alive(pid) for pid in started)


def test_illegal_answers_can_be_replaced_and_counted(tmp_path):
    name, _ = bad_bot(tmp_path, "illegal")
    rules = RuleSet.resolve("tenhou").compile()
    record = play_game(
        rules, 3, [name.replace("mjai:", "mjai:illegal=default "), "efficiency", "efficiency", "efficiency"]
    )
    replaced = record.play["agent_facts"][SUBSTITUTED]
    assert replaced[0] > 0 and replaced[1:] == [0, 0, 0]


def test_simulate_reports_the_replaced_answers_per_seat(tmp_path):
    """issue 43: with illegal=default the replaced answers show in simulate's --json and its text, by seat."""
    name, _ = bad_bot(tmp_path, "illegal")
    seats = ["efficiency", name.replace("mjai:", "mjai:illegal=default "), "efficiency", "efficiency"]
    run = simulate(*seats)
    assert run.returncode == 0, run.stderr
    replaced = json.loads(run.stdout)["agent_facts"][SUBSTITUTED]
    assert replaced[1] > 0 and replaced[0] == replaced[2] == replaced[3] == 0
    text = subprocess.run(
        [sys.executable, "-m", "mjsim", "simulate", "--games", "1", "--seed", "1", "--agents", ",".join(seats)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=600,
        cwd=ROOT,
    ).stdout
    assert f"  {SUBSTITUTED} by seat: 0 {replaced[1]} 0 0" in text


@pytest.mark.parametrize(
    "argument, fragment",
    [
        pytest.param("timeout=0 python bot.py", "timeout takes seconds above 0", id="zero-timeout"),
        pytest.param("illegal=maybe python bot.py", "illegal takes error or default", id="bad-illegal"),
        pytest.param("timeout=5", "give the bot's command", id="no-command"),
        pytest.param("'python", "No closing quotation", id="bad-quote"),
    ],
)
def test_bad_seat_arguments_are_refused(argument, fragment):
    with pytest.raises(MjsimError, match=fragment):
        parse_spec(argument)


def test_a_command_that_cannot_start_is_one_line():
    rules = RuleSet.resolve("tenhou").compile()
    with pytest.raises(MjsimError, match="cannot start"):
        play_game(rules, 1, ["mjai:/nonexistent/bot", "efficiency", "efficiency", "efficiency"])


EXPERIMENT = """
name = "mjai"
games = 4
agents = [{seat!r}, "efficiency", "efficiency", "efficiency"]
[[rulesets]]
preset = "tenhou"
"""


def test_a_failed_run_resumes(tmp_path):
    marker = tmp_path / "healed"
    name, _ = bad_bot(tmp_path, "garbage", marker)
    (tmp_path / "e.toml").write_text(EXPERIMENT.format(seat=name))
    cmd = [
        sys.executable,
        "-m",
        "mjsim",
        "--allow-command",  # an experiment file's command runs only with the user's consent (issue 41)
        name,
        "run",
        str(tmp_path / "e.toml"),
        "--out",
        str(tmp_path / "out"),
        "--backend",
        "serial",
    ]
    first = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600, cwd=ROOT)
    assert first.returncode == 2 and "not an mjai message" in first.stderr and "Traceback" not in first.stderr
    marker.write_text("")  # the bot answers well from now on
    again = subprocess.run([*cmd, "--resume"], capture_output=True, text=True, env=ENV, timeout=600, cwd=ROOT)
    assert again.returncode == 0, again.stderr


def test_one_shared_process_plays_every_seat_the_same_game():
    rules = RuleSet.resolve("tenhou").compile()
    command = shlex.join([sys.executable, str(BOT)])
    own = play_game(rules, 5, [f"mjai:{command}"] * 4)
    shared = play_game(rules, 5, [f"mjai:seats=shared {command}"] * 4)
    assert own.canonical() == shared.canonical()


def test_the_example_bots_shanten_is_mjsims():
    import importlib.util
    import random

    from mjsim.hand.shanten import shanten

    spec = importlib.util.spec_from_file_location("mjai_bot", BOT)
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    rng = random.Random(4)
    for _ in range(300):
        counts = [0] * 34
        for kind in rng.sample([k for k in range(34) for _ in range(4)], rng.choice([1, 4, 7, 10, 13, 14])):
            counts[kind] += 1
        assert bot.shanten(counts) == shanten(counts), counts


def test_ctrl_c_ends_the_bots_too(tmp_path):
    import signal
    import time

    name, pids = bad_bot(tmp_path, "sleeps")
    name = name.replace("timeout=2", "timeout=60")  # mjsim waits for the answer: Ctrl-C comes first
    cmd = [
        sys.executable,
        "-m",
        "mjsim",
        "simulate",
        "--games",
        "1",
        "--agents",
        f"{name},efficiency,efficiency,efficiency",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)
    for _ in range(600):  # until the bot has started (it then sleeps at its first draw)
        if pids.exists() and pids.read_text().strip():
            break
        time.sleep(0.1)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    started = [int(p) for p in pids.read_text().split()]
    assert started and not any(alive(pid) for pid in started)

"""Files are data (issue 41): an experiment, a results folder or a log never makes mjsim run a command or import
code the user did not allow, and what a file says is checked before it is believed (stores, logs, caches)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.rules import consent

GOOD = 'name = "e"\ngames = 2\n[[rulesets]]\npreset = "tenhou"\n'
MARK = "MARK"


def _agents(command: str) -> str:
    return f'agents = ["mjai:{command}", "efficiency", "efficiency", "efficiency"]\n'


@pytest.fixture(autouse=True)
def _no_consent_left(monkeypatch, tmp_path):
    """Each test starts with no command allowed and no user config (the allow-lists are per process)."""
    monkeypatch.setattr(consent, "_ALLOWED_COMMANDS", set())
    monkeypatch.setenv("MJSIM_CONFIG", str(tmp_path / "no-config.toml"))
    consent.user_config.cache_clear()
    yield
    consent.user_config.cache_clear()


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _one_line_error(result, fragment: str) -> None:
    message = result.stderr.strip()
    assert result.exit_code == 2, result.output
    assert len(message.splitlines()) == 1 and message.startswith("mjsim: error: "), message
    assert fragment in message, message


@pytest.fixture
def results(tmp_path, monkeypatch):
    """A results folder of two games played by efficiency bots (the working directory is ``tmp_path``)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "e.toml").write_text(GOOD)
    assert _invoke("run", "e.toml", "--out", "out", "--backend", "serial").exit_code == 0
    return tmp_path / "out" / "e"


def test_report_of_a_folder_whose_experiment_names_a_command_runs_nothing(results, tmp_path):
    marker = tmp_path / MARK
    text = _agents(f"sh -c 'touch {marker}'") + GOOD
    (results / "experiment.toml").write_text(text)
    for argv in (["report", str(results), "--html"], ["--allow-command", f"mjai:sh -c 'touch {marker}'"]):
        argv = argv if argv[0] == "report" else [*argv, "report", str(results), "--html"]  # report never runs one
        result = _invoke(*argv)
        assert result.exit_code == 0, result.output
        assert not marker.exists()
        assert "not replayed" in result.stderr and "mjai:sh" in result.stderr
        assert "not replayed: it seats" in (results / "summary.html").read_text()


def test_run_refuses_a_command_unless_the_user_allows_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    agent = "mjai:sh -c 'touch MARK; exit 3'"
    (tmp_path / "e.toml").write_text(_agents(agent[len("mjai:") :]) + GOOD)
    _one_line_error(_invoke("run", "e.toml", "--out", "out", "--backend", "serial"), "--allow-command")
    assert not (tmp_path / MARK).exists()
    allowed = _invoke("--allow-command", agent, "run", "e.toml", "--out", "out", "--backend", "serial")
    assert allowed.exit_code == 2 and (tmp_path / MARK).exists()  # allowed: it ran (and then failed as a bot)


def test_the_user_config_allow_list_is_consent_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    agent = "mjai:sh -c 'touch MARK; exit 3'"
    (tmp_path / "e.toml").write_text(_agents(agent[len("mjai:") :]) + GOOD)
    config = tmp_path / "config.toml"
    config.write_text(f"allow_commands = [{json.dumps(agent)}]\n")
    monkeypatch.setenv("MJSIM_CONFIG", str(config))
    consent.user_config.cache_clear()
    _invoke("run", "e.toml", "--out", "out", "--backend", "serial")
    assert (tmp_path / MARK).exists()


def test_a_log_naming_a_module_is_refused_without_importing_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _invoke("simulate", "--games", "1", "--log-out", "logs").exit_code == 0
    (tmp_path / "mjsim_test_marker_variant.py").write_text(f"open({str(tmp_path / MARK)!r}, 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    log = json.loads((tmp_path / "logs" / "game_00000.json").read_text())
    log["rules"]["variants"].append("mjsim_test_marker_variant")
    (tmp_path / "evil.json").write_text(json.dumps(log))
    _one_line_error(_invoke("replay", "evil.json"), "unknown variant 'mjsim_test_marker_variant'")
    assert _invoke("view", "evil.json").exit_code == 0  # the viewer compiles no rules: it imports nothing
    assert not (tmp_path / MARK).exists()


def _logged(tmp_path, change) -> Path:
    """A one-game log changed by ``change(log)``."""
    if not (tmp_path / "logs").exists():
        assert _invoke("simulate", "--games", "1", "--seed", "4", "--log-out", str(tmp_path / "logs")).exit_code == 0
    log = json.loads((tmp_path / "logs" / "game_00000.json").read_text())
    change(log)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(log))
    return path


def _set(path: str, value):
    def change(log):
        *parents, last = path.split("/")
        node = log
        for key in parents:
            node = node[int(key) if key.isdigit() else key]
        node[int(last) if last.isdigit() else last] = value

    return change


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        pytest.param(_set("hands/0/wall", [1, 2, 3]), "'wall' must be an object", id="wall-a-list"),
        pytest.param(_set("hands/0/wall/live", [[1]]), "wall 'live' must be a list of tile numbers", id="wall-nested"),
        pytest.param(_set("hands/0/steps", [[5]]), "each choice must be [seat, action]", id="step-not-a-pair"),
        pytest.param(_set("table/seats", 3), "4 agents at a table of 3 seats", id="seats-contradict-agents"),
        pytest.param(_set("table/seats", "four"), '"table" seats must be a whole number', id="seats-text"),
        pytest.param(_set("hands", []), "holds no hand: nothing to replay", id="no-hands"),
    ],
)
def test_a_log_of_the_wrong_shape_is_one_line(tmp_path, change, fragment):
    _one_line_error(_invoke("replay", str(_logged(tmp_path, change))), fragment)


def test_a_contradictory_seat_count_is_refused_even_without_agents(tmp_path):
    def change(log):
        log["agents"], log["table"]["seats"] = [], 3

    result = _invoke("replay", str(_logged(tmp_path, change)))
    assert result.exit_code == 1 and "the log says 3 seats" in result.stdout


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        pytest.param(
            lambda log: log["hands"][0]["wall"].update(live=log["hands"][0]["wall"]["live"][:10]),
            "the wall is not this table's tiles",
            id="short-wall",
        ),
        pytest.param(
            lambda log: next(h for h in log["hands"] if h["transfers"])["transfers"][0].update(amount=123456),
            "transfer 0: logged",
            id="transfer-edited",
        ),
    ],
)
def test_what_a_log_says_is_checked_not_counted(tmp_path, change, fragment):
    result = _invoke("replay", str(_logged(tmp_path, change)))
    assert result.exit_code == 1 and fragment in result.stdout, result.output


def test_a_fifo_is_said_to_be_one(tmp_path):
    fifo = tmp_path / "e.toml"
    os.mkfifo(fifo)
    for argv in (["run", str(fifo)], ["replay", str(fifo)], ["rules", "--preset", str(fifo)]):
        _one_line_error(_invoke(*argv), "a FIFO (named pipe), not a regular file")


def test_a_utf8_byte_order_mark_is_no_content(tmp_path):
    from mjsim.experiment import load_experiment

    (tmp_path / "e.toml").write_text("\ufeff" + GOOD, encoding="utf-8")
    assert load_experiment(tmp_path / "e.toml").name == "e"


def test_a_relative_preset_path_is_read_from_the_experiment_file(tmp_path, monkeypatch):
    (tmp_path / "exp").mkdir()
    (tmp_path / "exp" / "p.toml").write_text('name = "p"\nextends = "base.toml"\n')
    (tmp_path / "exp" / "base.toml").write_text('name = "base"\nextends = "tenhou"\n')
    (tmp_path / "exp" / "e.toml").write_text(GOOD.replace('"tenhou"', '"p.toml"'))
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    result = _invoke("run", "../exp/e.toml", "--out", "out", "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert _invoke("report", "out/e").exit_code == 0  # the preset file was copied beside experiment.toml


def _store_rows(results: Path, sql: str) -> None:
    db = sqlite3.connect(results / "store.sqlite")
    with db:
        db.execute(sql)
    db.close()


def test_an_extra_stored_row_is_refused_not_counted(results):
    _store_rows(
        results, "INSERT INTO games SELECT run, 1000, seed, points, ranks, results, record FROM games WHERE idx=0"
    )
    _one_line_error(_invoke("report", str(results)), "game 1000: index 1000 is outside the run's games")


def test_a_row_moved_to_another_index_is_refused(results):
    _store_rows(results, "UPDATE games SET idx = 7 WHERE idx = 1")
    _one_line_error(_invoke("report", str(results)), "the row at index 7 holds the record of game 1")


def test_a_forced_resume_is_shown_in_the_summary(results, tmp_path):
    (tmp_path / "e.toml").write_text(GOOD + '[rulesets.options]\n"riichi.kuitan" = false\n')
    result = _invoke("run", "e.toml", "--out", "out", "--backend", "serial", "--force-resume")
    assert result.exit_code == 0, result.output
    assert "--force-resume" in result.stderr
    assert "Warning: run tenhou was resumed with --force-resume" in (results / "summary.md").read_text()
    assert json.loads((results / "summary.json").read_text())["forced_resumes"][0]["run"] == "tenhou"


def test_a_locked_store_is_not_called_damaged(results, monkeypatch):
    from mjsim.experiment import store as store_module

    monkeypatch.setattr(store_module, "_BUSY_SECONDS", 0.1)
    holder = sqlite3.connect(results / "store.sqlite")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        _one_line_error(_invoke("report", str(results)), "in use by another process")
    finally:
        holder.rollback()
        holder.close()


def test_a_lock_file_that_is_a_symlink_is_not_followed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "e.toml").write_text(GOOD)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    (tmp_path / "out" / "e").mkdir(parents=True)
    (tmp_path / "out" / "e" / "store.sqlite.lock").symlink_to(victim)
    _one_line_error(_invoke("run", "e.toml", "--out", "out", "--backend", "serial"), "a symbolic link")
    assert victim.read_text() == "keep me"


def test_a_full_disk_during_log_out_leaves_no_truncated_log(tmp_path, monkeypatch):
    import errno

    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.name.endswith(".partial"):
            real(self, "{half a lo", encoding="utf-8")
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    result = _invoke("simulate", "--games", "1", "--log-out", str(tmp_path / "logs"))
    _one_line_error(result, "No space left on device")
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == ["mjsim-logs.run"]


@pytest.mark.parametrize(
    ("value", "forced"),
    [("", False), ("0", False), ("false", False), ("No", False), ("1", True), ("true", True), ("maybe", True)],
)
def test_mjsim_pure_python_false_does_not_mean_pure(value, forced):
    from mjsim.native import pure_requested

    assert bool(pure_requested(value)) is forced
    if value == "maybe":
        assert "neither 1/true/yes nor 0/false/no" in pure_requested(value)


def test_a_tenhou_log_whose_rounds_are_all_skipped_is_not_a_pass(tmp_path):
    from tests.replay.test_three_player_logs import _four_player_round

    game = {"rule": {"disp": "三般南喰赤"}, "log": [_four_player_round()]}
    game["log"][0][16] = ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点", "謎の役(1飜)"]]  # a round not read
    (tmp_path / "g.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    _one_line_error(_invoke("replay", str(tmp_path / "g.json")), "nothing to check: 1 games, 1 rounds")


def test_a_report_never_writes_through_a_symlink_left_in_the_folder(results, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    for name in ("summary.md", "summary.json", "final_points.png"):
        (results / name).unlink()
        (results / name).symlink_to(victim)
    assert _invoke("report", str(results)).exit_code == 0
    assert victim.read_text() == "keep me"
    assert not (results / "summary.md").is_symlink() and (results / "summary.md").read_text().startswith("# ")

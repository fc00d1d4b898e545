"""``mjsim export DIR --format csv|parquet``: a results folder's store as games, hands and seats tables."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas
import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli

EXPERIMENT = """
name = "export_small"
games = 2
seed = 4
[[lineups]]
name = "eff"
agents = ["efficiency", "efficiency", "efficiency"]
[[lineups]]
name = "rnd"
agents = ["random", "random", "random"]
[[rulesets]]
name = "sanma"
preset = "tenhou-sanma"
[[rulesets]]
name = "sanma_east"
preset = "tenhou-sanma"
options = { "riichi.game_length" = "east" }
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("results")
    (root / "e.toml").write_text(EXPERIMENT, encoding="utf-8")
    ran = CliRunner().invoke(cli, ["run", str(root / "e.toml"), "--out", str(root), "--backend", "serial", "--quiet"])
    assert ran.exit_code == 0, ran.output
    return root / "export_small"


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_export_writes_one_row_per_game_hand_and_seat(folder: Path, tmp_path: Path, fmt: str) -> None:
    done = CliRunner().invoke(cli, ["export", str(folder), "--format", fmt, "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    read = pandas.read_csv if fmt == "csv" else pandas.read_parquet
    games, hands, seats = (read(tmp_path / f"{name}.{fmt}") for name in ("games", "hands", "seats"))
    expected = mjsim.load(folder)
    assert (len(games), len(hands), len(seats)) == (8, len(expected.hands), 24)
    assert f"wrote {tmp_path / 'hands'}.{fmt} ({len(hands)} rows)" in done.output
    assert sorted(set(games["ruleset"])) == ["sanma", "sanma_east"] and sorted(set(seats["lineup"])) == ["eff", "rnd"]
    assert str(seats["points"].dtype) == "int64" and str(hands["value"].dtype) == "int64"
    assert (seats.groupby(["run", "game"])["points"].sum() == 3 * 35000).all()


def test_parquet_keeps_the_column_types(folder: Path, tmp_path: Path) -> None:
    import pyarrow.parquet

    CliRunner().invoke(cli, ["export", str(folder), "--format", "parquet", "--out", str(tmp_path)])
    schema = pyarrow.parquet.read_schema(tmp_path / "games.parquet")
    assert {str(schema.field(n).type) for n in ("seed", "game", "ruleset")} == {"uint64", "int64", "string"}
    assert str(pyarrow.parquet.read_schema(tmp_path / "hands.parquet").field("dealer_won").type) == "bool"


def test_export_defaults_to_the_folders_export_subfolder(folder: Path) -> None:
    assert CliRunner().invoke(cli, ["export", str(folder)]).exit_code == 0
    assert sorted(p.name for p in (folder / "export").iterdir()) == ["games.csv", "hands.csv", "seats.csv"]


@pytest.mark.parametrize(
    "args, message",
    [
        pytest.param(["{tmp}/none"], "no such results folder", id="no-folder"),
        pytest.param(["{tmp}"], "no results store here", id="no-store"),
        pytest.param(["{folder}", "--format", "xlsx"], "'xlsx' is not one of", id="format"),
        pytest.param(
            ["{folder}", "--format", "parquet", "--out", "{tmp}/file/sub"], "cannot write the tables", id="out"
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(folder: Path, tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "file").write_text("a file, not a folder", encoding="utf-8")
    argv = ["export", *(a.format(tmp=tmp_path, folder=folder) for a in args)]
    done = CliRunner().invoke(cli, argv)
    assert done.exit_code == 2 and message in done.stderr and len(done.stderr.splitlines()) == 1


def test_parquet_without_pyarrow_says_how_to_install_it(folder: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    done = CliRunner().invoke(cli, ["export", str(folder), "--format", "parquet", "--out", str(tmp_path)])
    assert done.exit_code == 2 and "Parquet needs pyarrow: pip install 'mjsim[data]'" in done.stderr
    assert list(tmp_path.iterdir()) == []

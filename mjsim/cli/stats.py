"""``mjsim stats LOG...``: how the players in game logs played, and a reference file made of it."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import click

from mjsim.cli.options import quiet_option
from mjsim.errors import MjsimError


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--by-seat", is_flag=True, help="the figures of each seat too")
@click.option("--by-player", is_flag=True, help="the figures of each player the logs name too")
@click.option(
    "--reference-out",
    type=click.Path(dir_okay=False),
    help="write the figures as a reference file (simulate and reports compare with it; calibrate --target fits it)",
)
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
@quiet_option
def stats(paths, by_seat, by_player, reference_out, as_json) -> None:
    """Count how the players of game logs played (any format `mjsim replay` reads), as `simulate --json` counts a
    run: each figure with its count and a 95 % interval; files that cannot be read or replayed are named."""
    from mjsim.play.logs import batch_summary, collect, summary_text
    from mjsim.progress import Progress

    with Progress(0) as progress:
        batch = collect(paths, progress)
    summary = batch_summary(batch, by_seat, by_player)
    if reference_out is not None:
        _write_reference(summary, paths, Path(reference_out))
    click.echo(json.dumps(summary, ensure_ascii=False, indent=1) if as_json else summary_text(summary))
    if not summary["groups"]:
        sys.exit(1)  # not one game could be counted


def _write_reference(summary: dict, paths, out: Path) -> None:
    """The one rule set's figures as a reference file (logs of several rule sets: a one-line error)."""
    from mjsim.play.logs import reference_toml

    groups = summary["groups"]
    if len(groups) != 1:
        found = "; ".join(f"{g['rules']} at {g['seats']} seats ({g['games']} games)" for g in groups) or "none"
        raise MjsimError(f"--reference-out: the logs must be of one rule set and table size, found: {found}")
    command = shlex.join(["mjsim", "stats", *map(str, paths), "--reference-out", str(out)])
    try:
        out.write_text(reference_toml(groups[0], [str(p) for p in paths], command), encoding="utf-8")
    except OSError as exc:
        raise MjsimError(f"cannot write {out}: {exc.strerror or exc}") from None

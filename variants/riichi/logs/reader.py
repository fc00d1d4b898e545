"""Tenhou logs (mjlog XML, tenhou.net/6 JSON) for ``mjsim replay``: their replay under Tenhou's rules, and their
import as mjsim game logs (each round replayed under the lobby's rules, its walls and actions kept)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog.formats import LogReader
from variants.riichi.logs.load import _is_log, load_logs
from variants.riichi.logs.model import GameLog
from variants.riichi.logs.replay import (
    ReplayMismatch,
    _drive,
    _skip_reason,
    replay_game,
    rules_for,
    summarize_replay,
    walls_of,
)


def claims(path: Path) -> bool:
    """A Tenhou log file by its name or first bytes, or a folder holding one (an empty folder too: its error)."""
    if path.is_dir():
        return True
    from variants.riichi.logs.load import _reader_for_name
    from variants.riichi.logs.model import read_source

    try:
        return bool(_reader_for_name(path)) or _is_log(path) or read_source(path).lstrip()[:1] in (b"<", b"{")
    except Exception:  # noqa: BLE001 - an unreadable file is claimed: its reader gives the one-line error
        return True


def replay(paths: Sequence[Path], as_json: bool) -> int:
    """Replay real Tenhou games through the engine and compare every round; 0 only when every replayed one agrees."""
    from mjsim.progress import Progress

    logs = load_logs(paths)
    outcomes = []
    with Progress(len(logs)) as progress:
        for game in logs:
            outcomes.extend(replay_game(game))
            progress.advance()
        summary = summarize_replay(outcomes, len(logs))
        _refuse_unchecked(paths, summary)  # inside: an error is its own one line, without the progress line
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        click.echo(
            f"{summary['games']} games, {summary['rounds']} rounds: {summary['rounds_agree']} of "
            f"{summary['rounds_replayed']} replayed rounds agree, {len(summary['skipped'])} skipped"
        )
        for m in summary["mismatches"]:
            click.echo(f"  {m['source']} round {m['round']}: {m['detail']}")
    return 0 if summary["rounds_agree"] == summary["rounds_replayed"] else 1


def _refuse_unchecked(paths: Sequence[Path], summary: dict[str, Any]) -> None:
    """Nothing replayed (an empty log, every round skipped) is an error: not an exit 0 as if every round agreed."""
    if summary["rounds_replayed"]:
        return
    skipped = summary["skipped"]
    first = skipped[0] if skipped else {}
    why = f"; the first: {first['source']} round {first['round']}, {first['reason']}" if skipped else ""
    raise MjsimError(
        f"{', '.join(map(str, paths))}: nothing to check: {summary['games']} games, {summary['rounds']} rounds, "
        f"none replayable under Tenhou's rules ({len(skipped)} skipped{why})"
    )


def to_game_logs(paths: Sequence[Path]) -> tuple[list[dict[str, Any]], list[str]]:
    """Every game as an mjsim game log of the rounds that replay under the lobby's rules, and a note per other."""
    logs, notes = [], []
    for game in load_logs(paths):
        log, skipped = game_log_of(game)
        notes += skipped
        if log is not None:
            logs.append(log)
    return logs, notes


def game_log_of(game: GameLog) -> tuple[dict[str, Any] | None, list[str]]:
    """One Tenhou game as an mjsim game log (None when the game is skipped) and why rounds were left out."""
    from mjsim.gamelog.write import hand_from_choices, log_document

    skip = _skip_reason(game)
    if skip:
        return None, [f"{game.source}: {skip}"]
    rules = rules_for(game)
    setup = rules.flow.setup
    hands, notes = [], []
    for index, rnd in enumerate(game.rounds):
        if not rnd.results:
            notes.append(f"{game.source} round {index}: no result (unfinished log)")
            continue
        start = {
            "scores": list(rnd.start_scores[: setup.seats]),
            "dealer": rnd.dealer,
            "round_index": rnd.kyoku // 4,
            "honba": rnd.honba,
            "table": rnd.sticks * 1000,
            "hand_number": index,
        }
        walls = walls_of(rnd, setup)
        played = core.game_at(rules, walls=walls, **start)
        try:
            _drive(played, rnd)
        except ReplayMismatch as exc:
            notes.append(f"{game.source} round {index}: {exc}")
            continue
        hands.append(hand_from_choices(rules, index, start, walls, played.choices))
    return log_document(rules, None, list(game.names), hands, False, None, source=str(game.source)), notes


def files(folder: Path) -> list[Path]:
    """The Tenhou (and mjai) log files of a folder and its subfolders, in name order."""
    return [f for f in sorted(folder.rglob("*")) if f.is_file() and _is_log(f)]


READER = LogReader(claims=claims, replay=replay, to_game_logs=to_game_logs, files=files)
"""The riichi family's reader of Tenhou logs (``mjsim_register_log_readers``)."""

"""``mjsim replay``: mjsim game logs under their own rules, a variant's logs under theirs, or any of them under
another rule set (``--preset``), with the report the command prints."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from mjsim.errors import MjsimError
from mjsim.gamelog.formats import claimed_paths, log_readers
from mjsim.gamelog.read import read_game_log, split_paths
from mjsim.gamelog.replay import LogReplay, replay_log
from mjsim.gamelog.retry import SAME, HandRetry, retry_log
from mjsim.progress import Progress

SHOWN = 10  # changed hands and notes the text report lists


def replay_paths(paths: Sequence[str], as_json: bool) -> int:
    """Replay every log under its own rules; the exit status (0: every log agrees)."""
    logs, others = split_paths(paths)
    status = 0
    if others:  # a variant's logs (Tenhou's), replayed by the variant under the format's own rules
        readers = log_readers()
        for name, group in claimed_paths(others).items():
            status = max(status, readers[name].replay(group, as_json))
    if logs:
        status = max(status, _replay_game_logs(logs, as_json))
    return status


def _replay_game_logs(paths: list[Path], as_json: bool) -> int:
    """Every mjsim game log replayed and checked; a line per log that differs."""
    results: list[LogReplay] = []
    with Progress(len(paths)) as progress:
        for path in paths:
            log = read_game_log(path)
            if not log["hands"]:  # nothing to check: not counted as a log that replays exactly
                raise MjsimError(f"{path}: the log holds no hand: nothing to replay")
            results.append(replay_log(log))
            progress.advance()
    bad = [r for r in results if not r.agree]
    if as_json:
        summary = {
            "logs": len(results),
            "agree": len(results) - len(bad),
            "hands": sum(r.hands for r in results),
            "steps": sum(r.steps for r in results),
            "transfers": sum(r.transfers for r in results),
            "mismatches": [{"source": r.source, "detail": r.detail} for r in bad],
        }
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        hands, steps = sum(r.hands for r in results), sum(r.steps for r in results)
        transfers = sum(r.transfers for r in results)
        click.echo(
            f"{len(results)} game logs, {hands} hands, {steps} steps, {transfers} transfers: "
            f"{len(results) - len(bad)} replay exactly, {len(bad)} differ"
        )
        for r in bad:
            click.echo(f"  {r.source}: {r.detail}")
    return 1 if bad else 0


def retry_paths(paths: Sequence[str], ruleset, bot: str, as_json: bool) -> int:
    """Replay every logged hand under ``ruleset``; print how many changed result and why."""
    rules = ruleset.compile()
    rules.require_play()
    logs, notes = _game_logs(paths)
    results: list[HandRetry] = []
    with Progress(len(logs)) as progress:
        for log in logs:
            results += retry_log(log, rules, bot)
            progress.advance()
    summary = retry_summary(results, len(logs), notes, ruleset.name, bot)
    click.echo(json.dumps(summary, ensure_ascii=False, indent=1) if as_json else retry_text(summary))
    return 0 if any(r.new for r in results) else 1  # 1: not one hand could be replayed under the rules


def _game_logs(paths: Sequence[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The mjsim game logs among ``paths`` and the other logs imported by their readers, with import notes."""
    found, others = split_paths(paths)
    logs = [read_game_log(p) for p in found]
    notes: list[str] = []
    if others:
        readers = log_readers()
        for name, group in claimed_paths(others).items():
            imported, skipped = readers[name].to_game_logs(group)
            logs += imported
            notes += skipped
    return logs, notes


def retry_summary(results: list[HandRetry], games: int, notes: list[str], preset: str, bot: str) -> dict[str, Any]:
    """The JSON report of a replay under another rule set: counts by reason, the first changed hands, notes."""
    hands = Counter(r.why for r in results)
    changed = Counter(r.why for r in results if r.changed)
    order = sorted(hands, key=lambda why: (why != SAME, -changed[why], -hands[why], why))
    return {
        "preset": preset,
        "bot": bot,
        "games": games,
        "hands": len(results),
        "changed": sum(changed.values()),
        "kept_steps": sum(r.kept for r in results),
        "logged_steps": sum(r.steps for r in results),
        "reasons": [{"why": why, "hands": hands[why], "changed": changed[why]} for why in order],
        "changed_hands": [_changed_json(r) for r in results if r.changed][:50],
        "not_imported": len(notes),
        "notes": notes[:50],
    }


def _changed_json(result: HandRetry) -> dict[str, Any]:
    return {
        "source": result.source,
        "hand": result.hand,
        "why": result.why,
        "detail": result.detail,
        "logged": result.logged,
        "new": result.new,
    }


def retry_text(summary: dict[str, Any]) -> str:
    """The report as text: the counts, a table of reasons, the first changed hands and notes."""
    lines = [
        f"replayed under {summary['preset']} ({summary['bot']} plays on where the log cannot): "
        f"{summary['games']} games, {summary['hands']} hands, {summary['changed']} changed result; "
        f"{summary['kept_steps']} of {summary['logged_steps']} logged steps kept",
        "",
        "| why | hands | changed result |",
        "| --- | ---: | ---: |",
    ]
    lines += [f"| {r['why']} | {r['hands']} | {r['changed']} |" for r in summary["reasons"]]
    if summary["changed_hands"]:
        lines += ["", "first changed hands:"]
        for c in summary["changed_hands"][:SHOWN]:
            lines.append(
                f"  {c['source']} hand {c['hand']}: {c['why']}: {_result_text(c['logged'])} -> {_result_text(c['new'])}"
            )
    if summary["not_imported"]:
        lines += ["", f"{summary['not_imported']} games or rounds not imported, e.g.:"]
        lines += [f"  {note}" for note in summary["notes"][:SHOWN]]
    return "\n".join(lines)


def _result_text(result: dict[str, Any]) -> str:
    """A hand's result in a few words: its wins (seat<-from value) or its draw, and its deltas."""
    wins = ", ".join(f"seat {s} {'tsumo' if f is None else f'ron from {f}'} {v}" for s, f, v in result["wins"])
    what = wins or f"draw ({result['draw']})"
    return f"{what} {result['deltas']}"

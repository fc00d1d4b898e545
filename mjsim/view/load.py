"""``mjsim view LOG``: read a game log of any format ``mjsim replay`` reads and write its viewer page.

mjsim's own game logs are read as they are; other formats (Tenhou's mjlog XML and tenhou.net/6 JSON, mjai JSONL,
mjsim's own mjai and tenhou.net/6 exports among them) are imported by the reader a variant registers
(``mjsim_register_log_readers``) into mjsim game logs first, their players' names kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.gamelog.read import is_game_log, read_game_log


def log_page(log: dict[str, Any], source: str = "", advice: dict[str, Any] | None = None) -> str:
    """The viewer page of one game log (with ``advice``: ``mjsim.view.advise.advise``'s marks)."""
    from mjsim.view.model import view_model
    from mjsim.view.page import viewer_html

    model = view_model(log, source)
    if advice is not None:
        extra = advice["model"]
        for hand, marks in zip(model["hands"], extra["hands_advice"], strict=True):
            hand["advice"] = marks
        model["advisor"], model["advice_counts"] = extra["advisor"], extra["advice_counts"]
    return viewer_html(model)


def game_logs(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The games in ``path`` as mjsim game logs, and a note for each game or round that could not be imported."""
    if path.is_dir():
        raise MjsimError(f"{path}: a folder; mjsim view opens one log file")
    if path.is_file() and is_game_log(path):
        return [read_game_log(path)], []
    from mjsim.gamelog.formats import claimed_paths, log_readers

    readers = log_readers()
    logs: list[dict[str, Any]] = []
    notes: list[str] = []
    for name, group in claimed_paths([path]).items():
        imported, skipped = readers[name].to_game_logs(group)
        logs += imported
        notes += skipped
    if not logs:
        why = f" ({notes[0]})" if notes else ""
        raise MjsimError(f"{path}: no game in the log could be imported{why}")
    return logs, notes


def page_targets(log_path: Path, out: Path | None, count: int) -> list[Path]:
    """Where the pages of a file's ``count`` games go: ``out`` (or the log's name with ``.html``), numbered when the
    file holds more than one game."""
    target = out or log_path.with_suffix(".html")
    if count == 1:
        return [target]
    return [target.with_name(f"{target.stem}_{i + 1}{target.suffix or '.html'}") for i in range(count)]


def write_views(log_path: Path, out: Path | None = None, advisor: str | None = None) -> tuple[list[Path], list[str]]:
    """Write the viewer page of each game in ``log_path``; returns where, and the notes of what was not imported
    (and, with ``advisor``, each page's count of decisions where that bot would choose otherwise)."""
    logs, notes = game_logs(log_path)
    targets = page_targets(log_path, out, len(logs))
    for log, target in zip(logs, targets, strict=True):
        advice = None
        if advisor is not None:
            from mjsim.view.advise import advise, counts_line

            advice = advise(log, advisor)
            notes.append(f"{target.name}: {counts_line(advice)}")
        _write(target, log_page(log, log_path.name, advice))
    return targets, notes


def write_view(log_path: Path, out: Path | None = None) -> Path:
    """Write the viewer page of the one game in ``log_path`` (default: beside it, ``.html``); returns where."""
    targets, _notes = write_views(log_path, out)
    return targets[0]


def _write(target: Path, page: str) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MjsimError(f"{target}: cannot write the viewer page ({exc.strerror or exc})") from None

"""``mjsim view LOG``: read an mjsim game log file and write its viewer page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.gamelog.read import read_game_log


def log_page(log: dict[str, Any], source: str = "") -> str:
    """The viewer page of one game log."""
    from mjsim.view.model import view_model
    from mjsim.view.page import viewer_html

    return viewer_html(view_model(log, source))


def write_view(log_path: Path, out: Path | None = None) -> Path:
    """Write the viewer page of the log in ``log_path`` (default: beside it, ``.html``); returns where."""
    target = out or log_path.with_suffix(".html")
    page = log_page(read_game_log(log_path), log_path.name)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MjsimError(f"{target}: cannot write the viewer page ({exc.strerror or exc})") from None
    return target

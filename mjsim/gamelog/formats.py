"""The game-log formats a rule set can be written in: mjsim's own (every family) and its variants'
(``mjsim_register_log_formats``: the riichi family's tenhou.net/6 JSON)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import check_regular_file

LogWriter = Callable[[Any, Sequence[str]], str]
"""``writer(game, agent_names) -> str``: the text of one log file of ``game``."""

DEFAULT_SUFFIX = ".log"
MJSIM = "mjsim"
"""The name of mjsim's own format (``docs/game_log.md``), which holds any family's games."""


def log_formats(rules) -> dict[str, LogWriter]:
    """Every format games under ``rules`` can be written in, by name: mjsim's own first, then the variants'
    (later variants first)."""
    from mjsim.gamelog.write import write_game_log

    formats: dict[str, LogWriter] = {MJSIM: write_game_log}
    for batch in rules.ask.log_formats(rules):
        for name, writer in (batch or {}).items():
            formats.setdefault(name, writer)
    return formats


def log_writer(rules, what: str = "--log-out", name: str = MJSIM) -> LogWriter:
    """The writer of format ``name``; a one-line error naming the rule set and its formats when it has no such one."""
    formats = log_formats(rules)
    if name not in formats:
        raise MjsimError(
            f"{what}: log format {name!r} does not hold games of rule set {rules.ruleset.name!r} "
            f"(its formats: {', '.join(formats)}; a variant adds formats through mjsim_register_log_formats)"
        )
    return formats[name]


def log_suffix(writer: LogWriter) -> str:
    """The file extension a writer's files take (its ``suffix`` attribute, e.g. ``.json``)."""
    return getattr(writer, "suffix", DEFAULT_SUFFIX)


@dataclass(frozen=True)
class LogReader:
    """Logs of a format mjsim does not write itself (Tenhou's), as a variant reads them
    (``mjsim_register_log_readers``).

    ``claims(path)``: whether a file or folder holds such logs; ``replay(paths, as_json)``: replay them under the
    format's own rules, print the report and return the exit status; ``to_game_logs(paths)``: the games as mjsim
    game logs (``docs/game_log.md``), with a note for each game or round that could not be imported;
    ``files(folder)``: the log files a folder holds, one by one (``mjsim stats`` names each file that fails).
    """

    claims: Callable[[Path], bool]
    replay: Callable[[Sequence[Path], bool], int]
    to_game_logs: Callable[[Sequence[Path]], tuple[list[dict[str, Any]], list[str]]]
    files: Callable[[Path], list[Path]] | None = None


def log_readers() -> dict[str, LogReader]:
    """Every installed variant's log readers, by format name."""
    from mjsim.rules.plugins import installed

    readers: dict[str, LogReader] = {}
    for _, batch in installed("mjsim_register_log_readers"):
        readers.update(batch or {})
    return readers


def claimed_paths(paths: Sequence[Path]) -> dict[str, list[Path]]:
    """The paths grouped by the reader that claims each; a path none claims is a one-line error."""
    readers = log_readers()
    groups: dict[str, list[Path]] = {}
    for path in paths:
        if not path.is_dir():
            check_regular_file(path, str(path))  # missing, a FIFO or a device: each said as what it is
        name = next((n for n, reader in readers.items() if reader.claims(path)), None)
        if name is None:
            formats = ", ".join(["mjsim game logs", *readers])
            raise MjsimError(f"{path}: no game logs here that mjsim reads ({formats})")
        groups.setdefault(name, []).append(path)
    return groups

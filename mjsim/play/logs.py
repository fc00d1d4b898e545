"""``mjsim stats``: how the people (or bots) in game logs played, counted by the code that counts a simulated run
(``mjsim.play.facts`` and ``mjsim.play.stats``).

Every log is turned into an mjsim game log (a variant's reader imports its own formats, ``mjsim.gamelog.formats``),
replayed through the engine hand by hand from its logged start, walls and actions, and the replayed game's events
and hand records become a run's record. A log that cannot be read or replayed is named, never dropped silently;
the logs are counted per rule set and number of seats (``docs/play_statistics.md``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog.encode import action_of, plain
from mjsim.gamelog.read import is_game_log, logged_rules, logged_walls, read_game_log
from mjsim.gamelog.write import hand_start
from mjsim.play.facts import hand_summaries, play_facts
from mjsim.play.terms import play_terms

Record = dict[str, Any]


@dataclass
class Group:
    """The games of one rule set at one table size: their records (a simulated run's shape) and where from."""

    rules: str  # the rule set's name and the options its logs were imported with
    seats: int
    records: list[Record] = field(default_factory=list)


@dataclass
class LogBatch:
    """What a set of paths held: the games by rule set, the files that failed and the rounds left out."""

    files: int = 0
    groups: dict[str, Group] = field(default_factory=dict)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (file, why it could not be read or replayed)
    notes: list[str] = field(default_factory=list)  # games or rounds a reader left out, and why

    def add(self, log: dict[str, Any], record: Record) -> None:
        """One replayed game into its rule set's group."""
        label = rules_label(log)
        seats = int(log["table"]["seats"])
        key = f"{label} @ {seats}"
        group = self.groups.setdefault(key, Group(label, seats))
        record["index"] = len(group.records)
        group.records.append(record)


def collect(paths: Sequence[str | Path], progress=None) -> LogBatch:
    """Every log file among ``paths`` (folders searched), each replayed into a record or named as failed; each file
    is counted on ``progress`` (``mjsim.progress``) when done."""
    from mjsim.gamelog.formats import log_readers

    readers = log_readers()
    batch = LogBatch()
    files = log_files(paths, readers)
    if progress is not None:
        progress.total = len(files)
    for path, reader in files:
        _read_one(batch, path, None if reader is None else readers[reader])
        if progress is not None:
            progress.advance()
    return batch


def _read_one(batch: LogBatch, path: Path, reader) -> None:
    """One file's games into the batch, or the file named among the failed with why."""
    batch.files += 1
    try:
        logs, notes = ([read_game_log(path)], []) if reader is None else reader.to_game_logs([path])
        records = [(log, game_record(log)) for log in logs]
    except MjsimError as exc:
        batch.failed.append((str(path), str(exc).removeprefix(f"{path}: ")))
        return
    except Exception as exc:  # noqa: BLE001 - a corrupt file of a foreign format is named, not a traceback
        batch.failed.append((str(path), f"{type(exc).__name__}: {exc}"))
        return
    batch.notes += notes
    if not logs and not notes:
        batch.failed.append((str(path), "no game in the file"))
    for log, record in records:
        batch.add(log, record)


def log_files(paths: Sequence[str | Path], readers: dict[str, Any]) -> list[tuple[Path, str | None]]:
    """Each log file with the reader that reads it (None: an mjsim game log); folders are searched recursively,
    taking the files a reader lists (``LogReader.files``) and mjsim game logs. A path nothing reads is an error."""
    found: list[tuple[Path, str | None]] = []
    for path in map(Path, paths):
        if not path.exists():
            raise MjsimError(f"{path}: no such file or directory")
        if path.is_dir():
            own = [f for f in sorted(path.rglob("*.json*")) if f.is_file() and is_game_log(f)]
            listed = {f: name for name, r in readers.items() if r.files for f in r.files(path) if f not in own}
            in_dir = sorted([(f, None) for f in own] + list(listed.items()), key=lambda pair: str(pair[0]))
            if not in_dir:
                raise MjsimError(f"{path}: no game logs here that mjsim reads (mjsim game logs, {', '.join(readers)})")
            found += in_dir
        elif is_game_log(path):
            found.append((path, None))
        else:
            name = next((n for n, r in readers.items() if r.claims(path)), None)
            if name is None:
                raise MjsimError(f"{path}: no game logs here that mjsim reads (mjsim game logs, {', '.join(readers)})")
            found.append((path, name))
    return found


class _NextHand(Exception):  # noqa: N818 - a signal, not an error
    """Raised by the wall source when the engine would deal its own next hand: the next logged one starts instead."""


def _no_walls(_number: int):
    raise _NextHand


def game_record(log: dict[str, Any]) -> Record:
    """A logged game replayed hand by hand (its logged starts, walls and actions) as a run's record: its hands and
    facts of play; a hand that ends otherwise than logged is a one-line error."""
    rules = logged_rules(log)
    seats = rules.flow.setup.seats
    game = core.blank_game(rules, log.get("seed") or 0, wall_source=_no_walls)
    for hand in log["hands"]:
        if not hand.get("record"):
            continue  # a hand the log holds unfinished
        done = len(game.history)
        try:
            core.start_hand_at(game, walls=logged_walls(hand), **hand_start(hand))
            for number, step in enumerate(hand["steps"]):
                if len(game.history) > done:
                    raise MjsimError(f"{log['source']} hand {hand['index']}: ends before its step {number}")
                core.pending(game)
                core.step(game, {int(seat): action_of(action) for seat, action in step})
            core.pending(game)
        except _NextHand:
            pass  # the hand is over; the next logged hand starts where the log says
        except core.IllegalAction as exc:
            raise MjsimError(f"{log['source']} hand {hand['index']}: {exc}") from None
        _check_result(log, hand, game.history[done:])
    names = [str(a) for a in log.get("agents", ())][:seats]
    names += [f"seat {s}" for s in range(len(names), seats)]
    play = play_facts(game.log, seats, names, play_terms(rules))
    return {"index": 0, "source": log["source"], "hands": hand_summaries(game.history), "play": play}


def _check_result(log: dict[str, Any], hand: dict[str, Any], records: list[dict[str, Any]]) -> None:
    """The replayed hand must end as logged (its record's wins and deltas)."""
    if not records:
        raise MjsimError(f"{log['source']} hand {hand['index']}: the logged actions do not finish the hand")
    mine, logged = plain(records[0]), hand["record"]
    for key in ("wins", "deltas"):
        if plain(mine.get(key)) != plain(logged.get(key)):
            raise MjsimError(f"{log['source']} hand {hand['index']}: its {key} replay otherwise than logged")


def rules_label(log: dict[str, Any]) -> str:
    """The rule set of a log in a few words: its name and the options it sets to other values than its preset's."""
    rules = log["rules"]
    options = json.dumps(rules.get("options", {}), sort_keys=True)  # hashable, for the cache
    differing = _differing(str(rules["name"]), options)
    return f"{rules['name']} ({', '.join(differing)})" if differing else str(rules["name"])


@cache
def _differing(name: str, options: str) -> list[str]:
    """The options whose value differs from the named preset's (all of them when no preset has the name)."""
    from mjsim.rules import RuleSet

    try:
        rules: Mapping[str, Any] = RuleSet.resolve(name).compile()
    except MjsimError:
        rules = {}
    return [f"{k}={v}" for k, v in json.loads(options).items() if plain(rules.get(k)) != v]


# --- the figures, their counts and intervals -------------------------------------------------------------

MEANS = ("mean_win", "win_turn", "hands_per_game")
"""Figures that are means (a t interval of the ratio over games); the others are shares (a Wilson interval)."""


def figure_counts(records: Sequence[Record], who=None) -> dict[str, dict[str, Any]]:
    """Each single figure of the records' player-hands (``who(slot)`` picks some) with its count, what it is out
    of, and a 95 % interval over the games as independent clusters (``mjsim.stats``)."""
    from mjsim.play.stats import player_counts, player_hands, table_counts

    names = _names(records)
    per_game = []
    for record in records:
        slots = [s for s in player_hands([record]) if who is None or who(s)]
        if slots:
            counts = player_counts(slots, names)
            per_game.append(counts if who is not None else {**counts, **table_counts([record])})
    found = per_game[0] if per_game else {}
    order = [f for f in _order(names) if f in found]
    return {figure: _estimate(figure, [g[figure] for g in per_game]) for figure in order}


def _order(names: dict[str, Any]) -> list[str]:
    """The figures in the order simulate's table shows them: the family's declaration after the deal-in rate."""
    from mjsim.play.table import RATES

    declaration = [names["declaration"]] if names["declaration"] else []
    return [*RATES[:2], *declaration, *RATES[2:]]


def _names(records: Sequence[Record]) -> dict[str, Any]:
    play = records[0]["play"]
    return {"declaration": play.get("declaration"), "groups": play.get("groups", []), "patterns": play.get("patterns")}


def _estimate(figure: str, counts: list[tuple[float, int]]) -> dict[str, Any]:
    """One figure over the games: its value, count, out of, and 95 % interval (None when nothing is counted)."""
    from mjsim.stats import clustered_proportion_ci, ratio_ci

    count, total = sum(c for c, _ in counts), sum(t for _, t in counts)
    out: dict[str, Any] = {"value": count / total if total else None, "count": count, "of": total, "ci95": None}
    used = [(c, t) for c, t in counts if t]
    if len(used) >= 2:
        nums, dens = [c for c, _ in used], [t for _, t in used]
        estimate = ratio_ci(nums, dens) if figure in MEANS else clustered_proportion_ci(nums, dens)
        out["ci95"] = [estimate.low, estimate.high]
    return out


def group_summary(group: Group, by_seat: bool = False, by_player: bool = False) -> dict[str, Any]:
    """One rule set's statistics: the play object (as ``simulate --json`` has it) with every single figure's count
    and interval, per seat and per player on request."""
    from mjsim.play.stats import play_statistics

    play = play_statistics(group.records) or {}
    out: dict[str, Any] = {
        "rules": group.rules,
        "seats": group.seats,
        "games": len(group.records),
        "hands": play.get("hands", 0),
        "player_hands": play.get("player_hands", 0),
        "figures": figure_counts(group.records),
        "play": {k: v for k, v in play.items() if k not in ("seats", "agents")},
    }
    if by_seat:
        seats = range(group.seats)
        out["by_seat"] = [figure_counts(group.records, lambda s, seat=seat: s.seat == seat) for seat in seats]
    if by_player:
        names = sorted({a for r in group.records for a in r["play"]["agents"]})
        out["by_player"] = {n: figure_counts(group.records, lambda s, n=n: s.agent == n) for n in names}
    return out


def batch_summary(batch: LogBatch, by_seat: bool = False, by_player: bool = False) -> dict[str, Any]:
    """The JSON of ``mjsim stats``: the files read, those that failed (named), the rounds left out, each group."""
    return {
        "files": batch.files,
        "games": sum(len(g.records) for g in batch.groups.values()),
        "failed": [{"file": f, "error": e} for f, e in batch.failed],
        "not_imported": batch.notes,
        "groups": [group_summary(g, by_seat, by_player) for g in batch.groups.values()],
    }


# --- text -----------------------------------------------------------------------------------------------

SHOWN = 10  # failed files and left-out rounds the text lists


def summary_text(summary: dict[str, Any]) -> str:
    """``mjsim stats`` as text: per rule set a table of the figures, their counts and intervals; then failures."""
    lines = [f"{_files(summary['files'])} of logs, {summary['games']} games counted, {len(summary['failed'])} failed"]
    for group in summary["groups"]:
        lines += ["", f"{group['rules']}, {group['seats']} seats: {group['games']} games, {group['hands']} hands, "
                  f"{group['player_hands']} player-hands", ""]  # fmt: skip
        rows = [("figure", "value", "count", "out of", "95 % interval")]
        rows += [(f, _number(f, e["value"]), _number("count", e["count"]), str(e["of"]), _interval(f, e["ci95"]))
                 for f, e in group["figures"].items()]  # fmt: skip
        lines += _aligned(rows)
        for title, parts in (("by seat", enumerate(group.get("by_seat", []))), ("by player", _players(group))):
            table = [(str(who), *(_cell(f, e) for f, e in figures.items())) for who, figures in parts]
            if table:
                heads = list(next(iter(group.get("by_seat") or group["by_player"].values())))
                lines += ["", *_aligned([(title, *heads), *table])]
    failed, notes = summary["failed"], summary["not_imported"]
    if failed:
        lines += ["", f"{_files(len(failed))} could not be read or replayed:"]
        lines += [f"  {f['file']}: {f['error']}" for f in failed[:SHOWN]]
    if notes:
        lines += ["", f"{len(notes)} games or rounds left out, e.g.:", *(f"  {n}" for n in notes[:SHOWN])]
    return "\n".join(lines)


def _files(n: int) -> str:
    return f"{n} file" if n == 1 else f"{n} files"


def _players(group: dict[str, Any]):
    return list(group.get("by_player", {}).items())


def _number(figure: str, value: float | None) -> str:
    if value is None:
        return "-"
    if figure in ("mean_win", "count"):
        return f"{value:.0f}"
    return f"{value:.2f}" if figure in MEANS else f"{value:.3f}"


def _interval(figure: str, ci: list[float] | None) -> str:
    return f"[{_number(figure, ci[0])}, {_number(figure, ci[1])}]" if ci else "-"


def _cell(figure: str, estimate: dict[str, Any]) -> str:
    return f"{_number(figure, estimate['value'])} ({estimate['of']})"


def _aligned(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(_fit(c, w, i) for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in rows]


def _fit(cell: str, width: int, column: int) -> str:
    return cell.ljust(width) if column == 0 else cell.rjust(width)


# --- a reference file -----------------------------------------------------------------------------------


def reference_toml(group: dict[str, Any], paths: Sequence[str], command: str) -> str:
    """A reference file (``mjsim.play.terms.load_reference``) of one group's figures: each single figure, the
    distributions of its wins, its counts and intervals, the seats, the rule set, where the logs came from and the
    command that wrote it."""
    play = group["play"]
    where = ", ".join(map(str, paths))
    source = f"{group['games']} games of {group['rules']} in {where}, counted by `{command}`"
    singles = {f: e["value"] for f, e in group["figures"].items() if e["value"] is not None}
    dists = {k: v for k, v in play.items() if isinstance(v, dict) and k != "terms" and v}
    name = f"{group['rules'].split(' (')[0]} logs"
    about = f"{group['games']} logged games at {group['seats']} seats, {group['rules']}, in {where}"
    lines = [
        f"# Play of {group['games']} logged games ({group['hands']} hands), written by: {command}",
        f"name = {_toml(name)}",
        f"about = {_toml(about)}",
        f"seats = {group['seats']}",
        f"rules = {_toml(group['rules'])}",
        f"command = {_toml(command)}",
        "",
        "[figures]",
        *(f"{k} = {_toml(v)}" for k, v in singles.items()),
    ]
    for name, shares in dists.items():
        lines += ["", f"[figures.{name}]", *(f"{_toml(k)} = {_toml(v)}" for k, v in shares.items())]
    lines += ["", "[counts]  # figure = [count, out of]"]
    lines += [f"{k} = [{_toml(e['count'])}, {e['of']}]" for k, e in group["figures"].items()]
    lines += ["", "[intervals]  # 95 %, the games as independent clusters"]
    lines += [f"{k} = {_toml(e['ci95'])}" for k, e in group["figures"].items() if e["ci95"]]
    lines += ["", "[sources]", *(f"{k} = {_toml(source)}" for k in [*singles, *dists])]
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    """A TOML literal (JSON's strings and numbers are TOML's)."""
    if isinstance(value, float):
        return repr(round(value, 6))
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)

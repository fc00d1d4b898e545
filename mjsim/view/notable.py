"""The notable games of an experiment, for its report page: each run's largest swing and first counterexample,
and the games each comparison moved most."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from mjsim.experiment.metrics import metric

Record = dict[str, Any]
PER_COMPARISON = 2  # games shown for each paired comparison (both rule sets' versions of each)


@dataclass(frozen=True)
class Notable:
    """One game worth a look: the run that played it, its game index, and why it is shown."""

    run: str
    index: int
    why: str

    @property
    def page(self) -> str:
        """The file name of its viewer page, one per run: a name that had to be made safe (``a/b``) carries a
        digest of the run's own name, so ``a/b`` and ``a_b`` never share a page."""
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in self.run)
        if safe != self.run:
            safe += "-" + hashlib.sha256(self.run.encode("utf-8")).hexdigest()[:8]
        return f"{safe}_game{self.index:05d}.html"


def hand_swing(record: Record) -> float:
    """The largest change of one hand in a game: the most one seat gained minus the most one lost."""
    return max((max(h["deltas"]) - min(h["deltas"]) for h in record["hands"] if h.get("deltas")), default=0)


def notable_games(comparisons: list[tuple[str, str, str]], records: dict[str, list[Record]]) -> list[Notable]:
    """Each run's largest swing and first game with an invariant violation, then for each comparison (A, B,
    metric) the games whose metric B moved most against A (both runs' games), without repeats, in that order."""
    found: list[Notable] = []
    for run, recs in records.items():
        if recs:
            top = max(recs, key=lambda r: (hand_swing(r), -r["index"]))
            found.append(Notable(run, top["index"], f"largest swing in one hand ({hand_swing(top):g})"))
        bad = next((r for r in sorted(recs, key=lambda r: r["index"]) if r.get("violations")), None)
        if bad is not None:
            found.append(Notable(run, bad["index"], f"first counterexample: {bad['violations'][0]}"))
    for a, b, name in comparisons:
        if a in records and b in records:
            for index, change in _moved_most(name, records[a], records[b]):
                why = f"{name} moved {change:+g} from {a} to {b}"
                found += [Notable(a, index, why), Notable(b, index, why)]
    unique: dict[tuple[str, int], Notable] = {}
    for n in found:  # a game notable twice is shown once, with both reasons
        seen = unique.get((n.run, n.index))
        unique[(n.run, n.index)] = n if seen is None else Notable(n.run, n.index, f"{seen.why}; {n.why}")
    return list(unique.values())


def _moved_most(name: str, a: list[Record], b: list[Record]) -> list[tuple[int, float]]:
    """The game indices (with B minus A) where the metric differs most between the two runs."""
    described = metric(name)
    if described is None:
        return []
    func = described[1]
    by_index = {r["index"]: r for r in b}
    changes = []
    for r in a:
        other = by_index.get(r["index"])
        x, y = func(r), func(other) if other is not None else None
        if x is not None and y is not None and y != x:
            changes.append((r["index"], y - x))
    changes.sort(key=lambda c: (-abs(c[1]), c[0]))
    return changes[:PER_COMPARISON]


def replayed_log(rules, seed: int, agents: tuple[str, ...], index: int, stored: Record) -> dict[str, Any]:
    """The game log of a stored game, re-played from its seed with its agents; a one-line error when the replay
    does not give the stored game back (the code or options changed since the run)."""
    import json
    import tempfile
    from pathlib import Path

    from mjsim.errors import MjsimError
    from mjsim.gamelog.read import read_game_log
    from mjsim.runner.games import as_dict, play_game

    with tempfile.TemporaryDirectory(prefix="mjsim-notable-") as folder:
        record = as_dict(play_game(rules, seed, agents, index, log_out=Path(folder)))
        log = read_game_log(Path(folder) / f"game_{index:05d}.json")

    def played(r: Record) -> str:
        return json.dumps({k: r[k] for k in ("seed", "final", "hands")}, sort_keys=True, default=str)

    if played(record) != played(stored):
        raise MjsimError(f"game {index} (seed {seed}) plays differently now than when it was stored")
    return log


def write_notable_pages(experiment, notable: list[Notable], records: dict[str, list[Record]], folder) -> list[dict]:
    """Write the viewer page of each notable game into ``folder``; returns its links (label, why, href), a game
    that no longer replays as stored linked to nothing but said so."""
    from mjsim.errors import MjsimError
    from mjsim.view.load import log_page

    folder.mkdir(parents=True, exist_ok=True)
    links = []
    for n in notable:
        run = experiment.run(n.run)
        spec = experiment.spec(run.entry, run.line_up)
        seed, agents, _rotation = spec.game(n.index)
        stored = next(r for r in records[n.run] if r["index"] == n.index)
        label = f"{n.run}, game {n.index} (seed {seed})"
        try:
            log = replayed_log(spec.rules(), seed, agents, n.index, stored)
        except MjsimError as exc:
            links.append({"label": label, "why": f"{n.why}; no page: {exc}", "href": ""})
            continue
        (folder / n.page).write_text(log_page(log, label), encoding="utf-8")
        links.append({"label": label, "why": n.why, "href": f"{folder.name}/{n.page}"})
    return links

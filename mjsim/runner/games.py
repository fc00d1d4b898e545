"""Play whole games in this process: the game loop, its records and their digest."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.agents import make_agent
from mjsim.agents.base import agent_facts, close_agents, join_game
from mjsim.checking.invariants import OBSERVE_SHARE, StepChecker
from mjsim.engine import core
from mjsim.engine.setup import check_agent_count
from mjsim.engine.wall import derive_seed
from mjsim.errors import MjsimError
from mjsim.play.facts import hand_summaries, play_facts
from mjsim.play.terms import play_terms
from mjsim.runner.loop import play_steps
from mjsim.runner.seeding import game_seed


@dataclass
class GameRecord:
    """What one game leaves behind: its seed, final settlement, hand records, invariant violations and facts of play
    (``mjsim.play.facts``: outside the digest)."""

    index: int
    seed: int
    final: dict[str, Any]
    hands: list[dict[str, Any]]
    violations: list[str] = field(default_factory=list)
    play: dict[str, Any] = field(default_factory=dict)

    def canonical(self) -> str:
        """A stable text of the record, for digests."""
        return json.dumps({"seed": self.seed, "final": self.final, "hands": self.hands}, sort_keys=True, default=str)


SeatAgent = Callable[[int, random.Random], Any]
"""(seat, the seat's random stream) -> the agent in that seat: for players built in code, not by name."""


def play_game(
    rules,
    seed: int,
    agent_names: Sequence[str],
    index: int = 0,
    check: bool = False,
    log_out: Path | None = None,
    log_format: str = "mjsim",
    seat_agent: SeatAgent | None = None,
    observe_share: float = OBSERVE_SHARE,
) -> GameRecord:
    """Play one whole game with the named bots (one per seat); ``check`` runs every invariant and ledger check
    after every step (in full, the seats' views included, on ``observe_share`` of them: ``StepChecker``);
    ``log_out`` saves the game in ``log_format`` (mjsim's own game log by default).
    ``seat_agent`` builds the agents instead of the registry (a profile being fitted); ``agent_names`` then only
    label them in the facts of play."""
    rules.require_play()
    check_agent_count(rules, agent_names)
    rngs = [random.Random(derive_seed(seed, "agent", i)) for i in range(len(agent_names))]
    if seat_agent is None:
        agents = [make_agent(name, rng, rules) for name, rng in zip(agent_names, rngs, strict=True)]
    else:
        agents = [seat_agent(seat, rng) for seat, rng in enumerate(rngs)]
    game = core.new_game(rules, seed)
    try:
        join_game(agents, game)  # agents that run outside this process start here ...
        checker = StepChecker(game, derive_seed(seed, "check"), observe_share) if check else None
        violations = play_steps(game, agents, checker)
    finally:
        close_agents(agents)  # ... and end here, whatever ended the game (an error, Ctrl-C)
    if log_out is not None:
        _write_log(game, log_out / f"game_{index:05d}.json", agent_names, log_format)
    play = play_facts(game.log, game.seat_count, agent_names, play_terms(rules))
    facts = agent_facts(agents)
    if facts:  # kept apart from the facts of play, so a summary can show what the bots counted (mjai: replaced answers)
        play["agent_facts"] = facts
    return GameRecord(index, seed, game.final, hand_summaries(game.history), violations, play)


def _write_log(game, path: Path, names: Sequence[str], log_format: str) -> None:
    """The game in the named log format (``mjsim.gamelog.formats``)."""
    from mjsim.gamelog.formats import log_suffix, log_writer

    writer = log_writer(game.rules, name=log_format)
    target = path.with_suffix(log_suffix(writer))
    partial = target.with_name(f".{target.name}.partial")  # a dot name no log reader picks up
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(writer(game, tuple(names)), encoding="utf-8")
        os.replace(partial, target)  # the log appears whole or not at all (a full disk leaves no truncated log)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise MjsimError(f"--log-out {path.parent}: cannot write {target.name} ({exc.strerror or exc})") from None


def run_games(
    rules,
    games: int,
    root_seed: int,
    agent_names: Sequence[str],
    check: bool = False,
    log_out: Path | None = None,
    progress=None,
    log_format: str = "mjsim",
    observe_share: float = OBSERVE_SHARE,
    sink: Callable[[GameRecord], None] | None = None,
):
    """Play ``games`` games in this process, game i with ``game_seed(root_seed, i)`` (counted on ``progress``);
    ``check`` and ``observe_share`` as in :func:`play_game`. With ``sink`` each record goes there as it is
    played and none is returned."""
    if log_out is not None:
        from mjsim.gamelog.formats import log_writer
        from mjsim.runner.log_folder import claim_log_folder, log_identity

        log_writer(rules, name=log_format)  # refuse a rule set no format holds before any game is played
        claim_log_folder(log_out, log_identity(rules, games, root_seed, agent_names))  # no stale logs mixed in
    records = []
    for i in range(games):
        seed = game_seed(root_seed, i)
        record = play_game(rules, seed, agent_names, i, check, log_out, log_format, observe_share=observe_share)
        if sink is None:
            records.append(record)
        else:  # handed on and dropped: a run of any length in constant memory
            sink(record)
        if progress is not None:
            progress.advance()
    return records


def as_dict(record: GameRecord | dict[str, Any]) -> dict[str, Any]:
    """A record as a plain dict (records from workers and the store already are)."""
    if isinstance(record, dict):
        return record
    return {
        "index": record.index,
        "seed": record.seed,
        "final": record.final,
        "hands": record.hands,
        "violations": record.violations,
        "play": record.play,
    }


def digest(records: Sequence[GameRecord | dict[str, Any]]) -> str:
    """A hash over every game's play (seed, final settlement, hands), in game order (the same whoever played them);
    the facts of play derived from it (``play``) are left out."""
    h = hashlib.sha256()
    for r in sorted(map(as_dict, records), key=lambda r: r["index"]):
        h.update(record_text(r).encode())
    return h.hexdigest()


def record_text(r: dict[str, Any]) -> str:
    """The text of one game's play that the digest hashes."""
    return json.dumps({"seed": r["seed"], "final": r["final"], "hands": r["hands"]}, sort_keys=True, default=str)

"""mjai: seat an external bot speaking the mjai protocol, and write and read mjai logs.

Modules by job: ``tiles`` (names), ``translate`` (the engine's events as mjai events, and what one seat may
see of them), ``stream`` (a game's events translated and encoded once for its seats), ``process`` (the bot's
process: lines in and out, timeouts, its process group, one shared by several seats), ``answers``
(a bot's answer as one of the engine's legal actions), ``seat`` (the agent), ``spec`` (``mjai:CMD`` names),
``logs`` (mjai JSONL logs out of games and into :class:`~variants.riichi.logs.model.GameLog`).
"""

from __future__ import annotations

from mjsim.agents.registry import deferred

PREFIX = "mjai:"
BOTS = {PREFIX: deferred("variants.riichi.mjai.seat:make_seat")}
"""What the riichi family registers: ``mjai:CMD`` seats the bot ``CMD`` (a name ending in ``:`` takes an argument);
the seat's modules (a bot process, its protocol) are imported by the first game that seats one."""

__all__ = ["BOTS", "PREFIX"]

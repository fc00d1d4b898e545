"""Every family as a PettingZoo AEC environment: ``mjsim.env.env(preset="tenhou", **options)``.

One agent per seat (``seat_0`` ...). The agent to move sees only its own seat's view (``mjsim.agents.observation``)
as named arrays (``mjsim.env.encoding``) with the mask of its legal actions, and picks one action number
(``mjsim.env.actions``). When the engine asks several seats at once (answers to a discard, the choices before a
hand), each answers in turn, none seeing the others' answers, and the engine then applies them together. The
reward is each seat's result of the game (the final settlement: uma and oka, or the family's own) when it ends,
0 before; ``reward="points"`` pays every change of the seat's points as it happens instead. docs/env.md.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401 - checked here so that a missing extra is one line
    from pettingzoo import AECEnv
except ImportError:  # pragma: no cover - the env extra is in dev, so the suite always has it
    from mjsim.errors import MjsimError

    raise MjsimError("mjsim.env needs pettingzoo and gymnasium: pip install 'mjsim[env]'") from None

from mjsim.env.game import MahjongEnv, raw_env

__all__ = ["MahjongEnv", "env", "raw_env"]


def env(preset: str | None = None, **options) -> AECEnv:
    """The environment of a preset (None: the default preset) with option overrides
    (``env("tenhou", **{"riichi.red_fives": 0})``), wrapped as
    PettingZoo's ``env()`` factories are: an illegal or out-of-range action is an error, not a silent move."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(preset, **options))

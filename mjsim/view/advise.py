"""``mjsim view LOG --advise NAME``: each decision of a logged game where the bot NAME would have chosen otherwise.

Every hand is played again from its logged start and walls under the logged rules; at each step, each seat that
had a choice (two or more actions offered) is shown to the bot as that seat saw the game (``observe``), and the
bot's answer is compared with the logged one (the same kind of action on the same kinds of tiles: which of two
copies of a tile is not a decision). A bot with a ``judge(obs, actions, chosen, logged) -> (differs, reason)``
(the human player) says whether it really prefers its choice (a tie by its own values is no difference) and why:
the values it compared; another bot's every different answer counts, without a reason. Then the logged action is
taken, so the game stays the logged one. Only bots that run in this process advise: a log never starts a program.
"""

from __future__ import annotations

import random
from typing import Any

from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import Action
from mjsim.errors import MjsimError
from mjsim.gamelog.encode import action_of
from mjsim.gamelog.read import logged_rules, logged_walls
from mjsim.gamelog.write import hand_start
from mjsim.hand.tiles import kind_of
from mjsim.runner.seeding import derive_seed


def action_words(action: Action) -> str:
    """An action in a few words: ``discard 5m``, ``pon 7z with 7z 7z``."""
    from mjsim.view.model import tiles_text

    what = [action.kind.replace("_", " ")]
    if action.tile is not None:
        what.append(tiles_text([action.tile]))
    if action.tiles:
        what.append("with " + tiles_text(action.tiles))
    return " ".join(what)


def same_choice(a: Action, b: Action) -> bool:
    """The same decision: one kind of action on the same kinds of tiles."""
    kinds = lambda tiles: sorted(kind_of(t) for t in tiles)  # noqa: E731 - a one-line key
    tile = lambda x: None if x.tile is None else kind_of(x.tile)  # noqa: E731
    return a.kind == b.kind and tile(a) == tile(b) and kinds(a.tiles) == kinds(b.tiles)


def _advisors(rules, name: str, seats: int) -> list[Any]:
    """One bot ``name`` per seat, each with its own random stream; a bot that runs a program is refused."""
    from mjsim.agents.registry import make_agent

    bots = [make_agent(name, random.Random(derive_seed(0, "advise", seat)), rules) for seat in range(seats)]
    if any(hasattr(bot, "join") for bot in bots):
        raise MjsimError(f"--advise {name}: only bots that run inside mjsim advise (this one starts a program)")
    return bots


def advise(log: dict[str, Any], name: str) -> dict[str, Any]:
    """The decisions where bot ``name`` differs from the log: ``model`` (what the page shows: per hand its marks,
    per seat the counts) and ``counts`` (per seat: decisions, differ)."""
    rules = logged_rules(log)
    seats = rules.flow.setup.seats
    bots = _advisors(rules, name, seats)
    counts = [{"decisions": 0, "differ": 0} for _ in range(seats)]
    marks = []
    for hand in log["hands"]:
        marks.append(_advise_hand(rules, hand, bots, counts, name))
    return {"model": {"advisor": name, "advice_counts": counts, "hands_advice": marks}, "counts": counts}


def _advise_hand(rules, hand: dict[str, Any], bots: list[Any], counts: list[dict], name: str) -> list[dict[str, Any]]:
    """One hand's marks (``at``: the viewer position of the logged action's event)."""
    where = f"hand {hand.get('index')}"
    try:
        game = core.game_at(rules, walls=logged_walls(hand), **hand_start(hand))
    except (KeyError, TypeError, ValueError) as exc:
        raise MjsimError(f"{where}: cannot be set up again ({exc!r})") from None
    marks = []
    for n, step in enumerate(hand["steps"]):
        offered = core.pending(game)
        chosen = {int(seat): action_of(action) for seat, action in step}
        at = len(game.log)  # the step's first event: the log's event k (0: hand_start) shows at viewer position k
        for seat, logged in sorted(chosen.items()):
            actions = offered.get(seat) or []
            if len(actions) < 2 or logged is None:
                continue
            counts[seat]["decisions"] += 1
            obs = observe(game, seat)
            mine = bots[game.player_at(seat)].act(obs, actions)
            if same_choice(mine, logged):
                continue
            judge = getattr(bots[seat], "judge", None)
            differs, why = judge(obs, actions, mine, logged) if judge is not None else (True, "")
            if not differs:  # the logged choice is worth as much to the bot: a tie it broke otherwise
                continue
            counts[seat]["differ"] += 1
            marks.append({"at": at, "s": seat, "logged": action_words(logged), "bot": action_words(mine), "why": why})
        try:
            core.step(game, chosen)
        except core.IllegalAction as exc:
            raise MjsimError(f"{where} step {n}: the logged action is refused here ({exc})") from None
    return marks


def counts_line(advice: dict[str, Any]) -> str:
    """``human differs at 12 of 80 decisions of seat 0, ...``: the per-seat counts in one line."""
    name = advice["model"]["advisor"]
    parts = [f"seat {s}: {c['differ']} of {c['decisions']}" for s, c in enumerate(advice["counts"])]
    return f"{name} would choose otherwise at " + ", ".join(parts) + " decisions"

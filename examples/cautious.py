"""Cautious: a third-party variant that adds a bot and a command through the registration hooks.

The bot ``cautious`` is the generic efficiency bot playing a closed, undeclared hand: it never calls
(pon, chi, kan) and never declares riichi. The command ``wait-table`` prints, for each hand of 3n+1
tiles, its shanten and the tiles it waits on (or, not yet ready, the tiles that bring it closer).

Use it from a checkout (the module must be importable, e.g. ``PYTHONPATH=examples``)::

    mjsim --plugin cautious wait-table 1112345678999m 123m456p789s1234z
    mjsim simulate --plugin cautious --agents cautious,efficiency,efficiency,efficiency --check

``mjsim --plugin MODULE`` (before the command) loads a module's commands; a command's own ``--plugin``
adds the variant to the rule set, which is what makes its bot playable. To ship it, register the module
under the entry-point group ``mjsim.variants`` in your package's ``pyproject.toml``; then every
``mjsim`` has the command, and ``mjsim variants`` lists it::

    [project.entry-points."mjsim.variants"]
    cautious = "cautious"
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation
from mjsim.engine.actions import CHI, DECLARE_DISCARD, KAN, PON, Action
from mjsim.errors import MjsimError
from mjsim.hand.decompose import waits
from mjsim.hand.notation import format_kinds, parse_counts
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hookspecs import hookimpl

NAME = "cautious"
DESCRIPTION = "a bot that never calls nor declares riichi, and `mjsim wait-table HAND...`"
AVOIDED = (PON, CHI, KAN, DECLARE_DISCARD)


class CautiousBot(EfficiencyBot):
    """The efficiency bot with a closed, undeclared hand: calls and riichi are never chosen."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The efficient choice among the actions that are neither a call nor a riichi."""
        kept = [a for a in actions if a.kind not in AVOIDED]
        return super().act(obs, kept or actions)  # a pass or a discard is always offered beside a call


@hookimpl
def mjsim_register_agents():
    """The ``cautious`` bot."""
    return {"cautious": CautiousBot}


def wait_row(hand: str) -> dict:
    """Shanten of a hand of 3n+1 tiles and the kinds that complete it (ready) or lower its shanten."""
    counts = parse_counts(hand)
    if sum(counts) % 3 != 1:
        raise MjsimError(f"{hand}: a hand to wait on has 3n+1 tiles (13 when closed), not {sum(counts)}")
    now = shanten(counts)
    kinds = waits(tuple(counts)) if now == 0 else improving_kinds(counts, now)[1]
    return {"hand": hand, "shanten": now, "tiles": format_kinds(kinds), "left": sum(4 - counts[k] for k in kinds)}


def _line(row: dict) -> str:
    what = "tenpai, waits on" if row["shanten"] == 0 else f"{row['shanten']} shanten, improved by"
    return f"{row['hand']}: {what} {row['tiles']} ({row['left']} tiles left)"


@click.command("wait-table")
@click.argument("hands", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def wait_table(hands: tuple[str, ...], as_json: bool) -> None:
    """Print each HAND's shanten and the tiles it waits on (mpsz, e.g. 1112345678999m)."""
    rows = [wait_row(hand) for hand in hands]
    click.echo(json.dumps(rows) if as_json else "\n".join(map(_line, rows)))


@hookimpl
def mjsim_register_commands(cli: click.Group) -> None:
    """Add ``wait-table`` to ``mjsim``."""
    cli.add_command(wait_table)

"""The bots by name: the generic ones and those the variants register.

Variants add bots through ``mjsim_register_agents()`` (``{name: factory}``, ``factory(rng, rules)``), so a
bot is usable only in a game whose rule set includes its variant. A name ending in ``:`` (``mjai:``) registers
bots that take an argument: ``mjai:CMD`` is made by ``factory(rng, rules, "CMD")``. A factory may be
``deferred("module:function")``: the bot's modules are then imported by the first game that seats it, not by
every run of the rule set.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, NoReturn

from mjsim.agents.base import Agent, AgentFactory
from mjsim.agents.bots import GENERIC_BOTS
from mjsim.agents.mistakes import MistakenAgent, split_name
from mjsim.agents.mistakes import base_name as mistaken_base
from mjsim.errors import MjsimError

if TYPE_CHECKING:
    from mjsim.rules import Rules


def make_agent(name: str, rng: random.Random, rules: Rules) -> Agent:
    """The bot ``name`` for a game under ``rules``, with its own random stream (``NAME~RATE``: the error model)."""
    family, argument = split_argument(name)
    bots = usable_agents(rules)
    if argument is not None:
        if family in bots:
            return bots[family](rng, rules, argument)
        _refuse(family, bots, rules)  # ``mjai:`` itself would be split again: refused here, not recursed on
    mistaken = split_name(name)
    if mistaken is not None:
        base, rate, kinds = mistaken
        return MistakenAgent(make_agent(base, rng, rules), rate, kinds, rng)
    if name in bots:
        return bots[name](rng, rules)
    _refuse(name, bots, rules)


def _refuse(name: str, bots: Mapping[str, AgentFactory], rules: Rules) -> NoReturn:
    """The one-line error for a bot that ``rules`` cannot seat: another variant's, or none known."""
    provider = installed_agents().get(name)
    if provider is not None:
        variant, ruleset = provider[0], rules.ruleset.name
        raise MjsimError(f"agent {name!r} is a bot of variant {variant!r}, which rule set {ruleset!r} does not include")
    raise MjsimError(f"unknown agent {name!r}; known agents: {', '.join(sorted(bots))}")


def split_argument(name: str) -> tuple[str, str | None]:
    """(``PREFIX:``, argument) of a name whose prefix a variant registers with an argument (``mjai:CMD``), else
    (name, None). A name registered whole (``human:dan3``) is a plain name."""
    prefix, sep, argument = name.partition(":")
    if not sep:  # a plain name: no need to import every installed variant's bots to know it has no argument
        return name, None
    names = _all_names()
    if prefix + sep not in names or (name in names and argument):
        return name, None
    return prefix + sep, argument


def base_name(name: str) -> str:
    """The registered bot a name plays: ``mjai:`` for ``mjai:CMD`` (whose argument may hold a ``~``), ``NAME`` for
    ``NAME~RATE``, else the name itself; a bad rate is refused."""
    family, argument = split_argument(name)
    return family if argument is not None else mistaken_base(name)


def _all_names() -> set[str]:
    return {*_generic(), *installed_agents()}


def deferred(target: str, *leading: object) -> AgentFactory:
    """A factory that imports ``module:function`` when it first makes a bot and calls it with ``leading`` first.

    Why: a family registers every bot it has, and a run seats one or two of them; importing the others (the
    human player, the mjai seat) cost each start-up 15 ms. An import that fails is one line naming the module.
    """
    module, _, name = target.partition(":")
    found: list[AgentFactory] = []

    def make(rng: random.Random, rules=None, *rest: object) -> Agent:
        if not found:
            try:
                found.append(getattr(importlib.import_module(module), name))
            except Exception as exc:  # a bot's own code failed while importing: named in one line
                raise MjsimError(f"bot {target} fails to import: {type(exc).__name__}: {exc}") from None
        return found[0](*leading, rng, rules, *rest)

    make.__doc__ = f"The bot {target}{leading or ''}, imported at its first use."
    make.target = target  # type: ignore[attr-defined]  # what ``mjsim agents`` imports to describe the bot
    return make


def agent_names(rules: Rules | None = None) -> list[str]:
    """Names of the bots usable under ``rules``; without rules, those of every installed variant."""
    if rules is not None:
        return sorted(usable_agents(rules))
    return sorted({**_generic(), **installed_agents()})


FALLBACK = "efficiency"  # the bot of a rule set whose variants name no default (mjsim_default_agent)


def default_agent(rules: Rules) -> str:
    """The bot every seat gets when a game under ``rules`` names none: the family's best (``mjsim_default_agent``,
    later variants first), else the generic efficiency bot."""
    return rules.ask.default_agent() or FALLBACK


def default_agents(rules: Rules) -> tuple[str, ...]:
    """``default_agent`` in every seat of the table of ``rules`` (one name for a rule set that has no table: the game
    refuses it in one line)."""
    return (default_agent(rules),) * (rules.flow.setup.seats if rules.flow is not None else 1)


def installed_defaults() -> dict[str, str]:
    """variant -> the bot it names as its rule sets' default, over the installed variants that name one."""
    from mjsim.rules.plugins import installed

    return {variant: name for variant, name in installed("mjsim_default_agent") if name}


def usable_agents(rules: Rules) -> dict[str, AgentFactory]:
    """The generic bots and those the variants of ``rules`` register, by name."""
    return _merged([_generic(), *rules.ask.agents()], f"rule set {rules.ruleset.name!r}")


@cache
def installed_agents() -> dict[str, tuple[str, AgentFactory]]:
    """name -> (variant, factory) of the bots every installed variant registers (the first, by variant name)."""
    from mjsim.rules.plugins import installed

    found: dict[str, tuple[str, AgentFactory]] = {}
    for variant, bots in sorted(installed("mjsim_register_agents"), key=lambda pair: pair[0]):
        for name, factory in (bots or {}).items():
            found.setdefault(name, (variant, factory))
    return found


def _generic() -> dict[str, AgentFactory]:
    return GENERIC_BOTS


def _merged(registries: Sequence[Mapping[str, AgentFactory]], where: str) -> dict[str, AgentFactory]:
    """One table of bots; a name registered twice is an error (which one wins would depend on load order)."""
    out: dict[str, AgentFactory] = {}
    for bots in registries:
        twice = sorted(set(out) & set(bots or {}))
        if twice:
            raise MjsimError(f"agent {twice[0]!r} is registered twice ({where})")
        out.update(bots or {})
    return out

"""Explain a difference: which options make rule sets A and B differ (``mjsim explain A B``).

The options whose compiled values differ, and the variants only one of the two plays, are the differences. A is
played with each difference switched to B's side alone, and B with each switched back to A's side alone, all on
the same seeds as A and B; each switch's effect on a metric is a paired difference, and what the switches alone do
not add up to is the interaction (per game: B - A minus the sum of the switches' effects).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from mjsim.errors import MjsimError
from mjsim.experiment import Experiment, RuleSetEntry
from mjsim.experiment.metrics import metric

Record = dict[str, Any]
DEFAULT_METRICS = ("points_spread", "first_dealer_points", "hands_per_game", "mean_win_value")


@dataclass(frozen=True)
class Switch:
    """One difference between A and B: what to change in A to take B's side, and in B to take A's."""

    name: str  # an option key, or "variant NAME"
    a_value: Any
    b_value: Any
    toward_b: RuleSetEntry  # A with this difference switched to B's side
    toward_a: RuleSetEntry  # B with this difference switched to A's side


@dataclass(frozen=True)
class Skipped:
    """A difference that cannot be switched alone (the rule set it gives does not compile), and why."""

    name: str
    why: str


@dataclass(frozen=True)
class Plan:
    """Everything ``explain`` plays: A, B and two rule sets per switch, as one paired experiment."""

    a: RuleSetEntry
    b: RuleSetEntry
    switches: tuple[Switch, ...]
    skipped: tuple[Skipped, ...] = ()
    metrics: tuple[str, ...] = DEFAULT_METRICS
    experiment: Experiment | None = field(default=None, compare=False)


def _raw(ruleset, rules, key: str) -> Any:
    """An option's value as a preset would write it: the rule set's own, else the declared default."""
    if key in ruleset.options:
        return ruleset.options[key]
    option = rules.declared[key]
    return sorted(option.default) if option.multi else option.default


def _owned(rules, variant: str) -> list[str]:
    """The option keys a variant declares (named ``variant.key``)."""
    return sorted(k for k in rules.declared if k.partition(".")[0] == variant)


def switches(a: RuleSetEntry, b: RuleSetEntry) -> tuple[list[Switch], list[Skipped]]:
    """Every difference of A and B as a switch (a variant of one side only: one switch with its options)."""
    rs_a, rs_b = a.ruleset(), b.ruleset()
    rules_a, rules_b = rs_a.compile(), rs_b.compile()
    found: list[Switch] = []
    for variant in [v for v in rs_b.variants if v not in rs_a.variants]:
        options = {k: _raw(rs_b, rules_b, k) for k in _owned(rules_b, variant)}
        found.append(_variant_switch(a, b, variant, options, adds_to_a=True))
    for variant in [v for v in rs_a.variants if v not in rs_b.variants]:
        options = {k: _raw(rs_a, rules_a, k) for k in _owned(rules_a, variant)}
        found.append(_variant_switch(a, b, variant, options, adds_to_a=False))
    for key in sorted(set(rules_a.values) & set(rules_b.values)):
        if rules_a[key] != rules_b[key]:
            va, vb = _raw(rs_a, rules_a, key), _raw(rs_b, rules_b, key)
            toward_b = replace(a, name=f"{a.name} +{key}", options={**a.options, key: vb})
            toward_a = replace(b, name=f"{b.name} -{key}", options={**b.options, key: va})
            found.append(Switch(key, va, vb, toward_b, toward_a))
    return _compiling(found)


def _variant_switch(a: RuleSetEntry, b: RuleSetEntry, variant: str, options: dict, adds_to_a: bool) -> Switch:
    """The switch of a variant only one side plays: added with that side's options, or left out."""
    name = f"variant {variant}"
    if adds_to_a:
        toward_b = replace(
            a, name=f"{a.name} +{variant}", plugins=(*a.plugins, variant), options={**a.options, **options}
        )
        toward_a = replace(b, name=f"{b.name} -{variant}", without=(*b.without, variant))
        return Switch(name, "off", "on", toward_b, toward_a)
    toward_b = replace(a, name=f"{a.name} -{variant}", without=(*a.without, variant))
    toward_a = replace(b, name=f"{b.name} +{variant}", plugins=(*b.plugins, variant), options={**b.options, **options})
    return Switch(name, "on", "off", toward_b, toward_a)


def _compiling(found: list[Switch]) -> tuple[list[Switch], list[Skipped]]:
    """The switches whose two rule sets compile, and the others with the reason."""
    kept, skipped = [], []
    for switch in found:
        try:
            for entry in (switch.toward_b, switch.toward_a):
                if entry.ruleset().compile().flow is None:
                    raise MjsimError(f"rule set {entry.name} has no table: no variant of it sets one")
        except MjsimError as exc:
            skipped.append(Skipped(switch.name, str(exc)))
        else:
            kept.append(switch)
    return kept, skipped


def plan(
    a: RuleSetEntry,
    b: RuleSetEntry,
    *,
    games: int,
    seed: int = 0,
    agents: tuple[str, ...] = (),
    metrics: tuple[str, ...] = DEFAULT_METRICS,
    name: str | None = None,
) -> Plan:
    """The paired experiment that explains B - A: A, B and both switched rule sets of every difference."""
    if a.name == b.name:
        raise MjsimError(f"explain needs two different rule sets, got {a.name!r} twice")
    for m in metrics:
        if metric(m) is None:
            raise MjsimError(f"unknown metric {m!r}")
    for entry in (a, b):  # both must play games before any difference between them can be measured
        entry.ruleset().compile().require_play(entry.name)
    found, skipped = switches(a, b)
    if not found and skipped:  # every difference leaves a rule set that does not play (another family's base)
        raise MjsimError(
            f"{a.name} and {b.name} have no rule set between them that plays: {skipped[0].name}: {skipped[0].why}; "
            "explain compares rule sets of one family (the same base variant)"
        )
    if not found:
        raise MjsimError(f"{a.name} and {b.name} have the same options and variants: nothing to explain")
    entries = (a, b, *(s.toward_b for s in found), *(s.toward_a for s in found))
    experiment = Experiment(
        name=name or folder_name(a.name, b.name),
        title=f"Why {b.name} differs from {a.name}",
        question=f"Which options make {b.name} differ from {a.name}?",
        games=games,
        seed=seed,
        agents=agents,
        rulesets=entries,
        baseline=a.name,
        target=metrics[0],
        compare=(),
        max_games=games,
        metrics=metrics,
    )
    return Plan(a, b, tuple(found), tuple(skipped), metrics, experiment)


def folder_name(a: str, b: str) -> str:
    """The results folder of ``explain A B``: ``explain_A_B`` in plain characters."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", f"explain_{a}_{b}")[:100]

"""Whether a comparison survives the player model: its direction and significance across an experiment's line-ups.

Each comparison is estimated once per line-up (paired on the same seeds); a
line-up's estimate is *clear* when its 95% interval excludes zero. The
verdict of a comparison over all line-ups is:

* ``holds``: clear in every line-up, in the same direction;
* ``direction differs``: clear in at least one, and the estimates point in
  opposite directions in two line-ups (a rule that helps one kind of player
  and hurts another);
* ``significant in only some``: same direction, clear in some line-ups only;
* ``no clear difference in any``: clear in none (the signs are then noise).
"""

from __future__ import annotations

from typing import Any

HOLDS = "holds"
DIRECTION_DIFFERS = "direction differs"
ONLY_SOME = "significant in only some"
IN_NONE = "no clear difference in any"
CHANGES = (DIRECTION_DIFFERS, ONLY_SOME)  # the verdicts that depend on who plays


def clear(difference: dict[str, Any]) -> bool:
    """A difference whose 95% interval lies wholly above or below zero."""
    low, high = difference.get("low"), difference.get("high")
    return low is not None and high is not None and (low > 0 or high < 0)


def verdict(differences: list[dict[str, Any]]) -> str:
    """The verdict over one comparison's per-line-up differences (dicts with value, low, high)."""
    clear_ones = [d for d in differences if clear(d)]
    if not clear_ones:
        return IN_NONE
    signs = {(d.get("value") or 0) > 0 for d in differences if d.get("value")}
    if len(signs) > 1:
        return DIRECTION_DIFFERS
    return HOLDS if len(clear_ones) == len(differences) else ONLY_SOME


def robustness(experiment: Any, comparisons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per comparison of the experiment (a, b, metric): its difference in each line-up and the verdict."""
    out = []
    for a, b, name in experiment.compare:
        found = [c for c in comparisons if (c["a"], c["b"], c["metric"]) == (a, b, name)]
        differences = {c["lineup"]: c["difference"] for c in found}
        out.append(
            {
                "a": a,
                "b": b,
                "metric": name,
                "description": found[0]["description"],
                "differences": differences,
                "clear": {lineup: clear(d) for lineup, d in differences.items()},
                "verdict": verdict(list(differences.values())),
            }
        )
    return out


def changed_line(rows: list[dict[str, Any]]) -> str:
    """The lead of the answer: how many comparisons come out the same with every line-up, and which change
    with the player model (clear in only some, or pointing in opposite directions)."""
    changed = [
        f"{r['b']} against {r['a']}, {r['description']} ({r['verdict']})" for r in rows if r["verdict"] in CHANGES
    ]
    same = len(rows) - len(changed)
    lead = f"Of {len(rows)} comparisons, {same} come out the same with every line-up ({HOLDS} or {IN_NONE})"
    return lead + (
        ": none changes with the player model."
        if not changed
        else "; these change with the player model: " + "; ".join(changed) + "."
    )


def ranking_robustness(ranking: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per rule set and ranking metric (its effect against the baseline is a comparison too): the effect in each
    line-up and the verdict, rule sets in the first line-up's ranking order."""
    effects: dict[str, dict[str, dict[str, Any]]] = {}  # rule set -> line-up -> its effects by metric
    for row in ranking:
        effects.setdefault(row["rule_set"], {})[row["lineup"]] = row["effects"]
    out = []
    for rule_set, by_lineup in effects.items():
        for metric in next(iter(by_lineup.values())):
            per = {lineup: e[metric] for lineup, e in by_lineup.items()}
            out.append(
                {
                    "rule_set": rule_set,
                    "metric": metric,
                    "effects": per,
                    "clear": {lineup: clear(e) for lineup, e in per.items()},
                    "verdict": verdict(list(per.values())),
                }
            )
    return out


def ranking_robustness_answer(s: dict[str, Any]) -> list[str]:
    """The ranking's verdicts across line-ups in sentences: how many effects hold, and those that reverse."""
    rows = s.get("ranking_robustness") or []
    if not rows:
        return []
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in (HOLDS, ONLY_SOME, IN_NONE, DIRECTION_DIFFERS)}
    told = ", ".join(f"{n} {v}" for v, n in counts.items())
    reversed_ = [f"{r['rule_set']} on {r['metric']} ({_effects(r)})" for r in rows if r["verdict"] == DIRECTION_DIFFERS]
    lines = [
        f"Across line-ups, of the {len(rows)} effects (each rule set on each ranking metric, against "
        f"{s['baseline']}): {told}.",
    ]
    if reversed_:
        lines[0] += " The direction differs for " + "; ".join(reversed_) + "."
    return lines + [""]


def ranking_robustness_table(s: dict[str, Any]) -> list[str]:
    """The table of the ranking's effects across line-ups: one row per rule set, one column per metric."""
    rows = s.get("ranking_robustness") or []
    if not rows:
        return []
    metrics = list(dict.fromkeys(r["metric"] for r in rows))
    cells: dict[str, dict[str, str]] = {}
    for r in rows:
        cells.setdefault(r["rule_set"], {})[r["metric"]] = f"{r['verdict']}<br>{_effects(r)}"
    lines = [
        f"## Rank effects robust to the player model (baseline SDs against {s['baseline']}, per line-up)",
        "",
        "| rule set | " + " | ".join(metrics) + " |",
        "|" + " --- |" * (len(metrics) + 1),
    ]
    for rule_set, by_metric in cells.items():
        lines.append(f"| {rule_set} | " + " | ".join(by_metric.get(m, "n/a") for m in metrics) + " |")
    return lines + [""]


def _effects(row: dict[str, Any]) -> str:
    """Each line-up's effect of one ranking row, in baseline SDs ("human +0.27, efficiency -1.39")."""
    return ", ".join(
        f"{lineup} {'n/a' if e.get('value') is None else format(e['value'], '+.2f')}"
        for lineup, e in row["effects"].items()
    )


def lineups_line(s: dict[str, Any]) -> str:
    """summary.md's sentence naming the line-ups (in place of the agents of a one-line-up experiment)."""
    named = "; ".join(f"**{u['name']}** ({', '.join(u['agents'])})" for u in s["lineups"])
    return (
        f"Line-ups: {named}; root seed {s['seed']}; every rule set is played by every line-up on the same seeds. "
        "Intervals are 95% confidence intervals."
    )


def robustness_answers(s: dict[str, Any], show: Any) -> list[str]:
    """One sentence per comparison: the verdict across line-ups, then each line-up's difference (``show``
    formats an estimate)."""
    out = ["## Answer", "", changed_line(s["robustness"]), ""]
    for r in s["robustness"]:
        per = "; ".join(
            f"{lineup} {show(d)}{' (clear)' if r['clear'][lineup] else ''}" for lineup, d in r["differences"].items()
        )
        out.append(f"- {r['b']} against {r['a']}, {r['description']}: **{r['verdict']}** across line-ups ({per}).")
    return out


def robustness_table(s: dict[str, Any], show: Any) -> list[str]:
    """The table "robust to the player model": one row per comparison, one column per line-up."""
    names = [u["name"] for u in s["lineups"]]
    lines = [
        "## Robust to the player model (B minus A per line-up, on the same seeds)",
        "",
        "| A | B | metric | " + " | ".join(names) + " | robust to the player model |",
        "|" + " --- |" * (len(names) + 4),
    ]
    for r in s["robustness"]:
        cells = [show(r["differences"][n]) if n in r["differences"] else "n/a" for n in names]
        lines.append(f"| {r['a']} | {r['b']} | {r['metric']} | " + " | ".join(cells) + f" | {r['verdict']} |")
    return lines + [""]

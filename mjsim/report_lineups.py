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
    out = ["## Answer", ""]
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

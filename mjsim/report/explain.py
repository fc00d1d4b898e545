"""The report of ``mjsim explain``: explain.json, explain.md (sentences and tables) and explain.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import write_file
from mjsim.report.md import _estimate


def _share(e: dict[str, Any], difference: dict[str, Any]) -> str:
    """An effect as a share of B - A ("" when B - A is zero)."""
    if not difference["value"] or e["value"] is None:
        return ""
    return f", {100 * e['value'] / difference['value']:.0f}% of the difference"


def _sentence(found: dict[str, Any], a: str, b: str) -> str:
    """What makes B differ from A on one metric, in words."""
    d = found["difference"]
    head = (
        f"**{found['metric']}** ({found['description']}): {b} - {a} = {_estimate(d)} on {found['games']} paired games."
    )
    drivers = [row for row in found["switches"] if row["driver"]]
    if not drivers:
        clear = d.get("low") is not None and (d["low"] > 0 or d["high"] < 0)
        rest = "No option moves it clearly on its own" + ("; it comes from options together." if clear else ".")
        return f"{head} {rest}"
    parts = [
        f"{row['option']} ({_show(row['a'])} -> {_show(row['b'])}: switched alone in {a} "
        f"{_estimate(row['on'])}{_share(row['on'], d)}; switched back alone in {b} {_estimate(row['off'])})"
        for row in drivers
    ]
    return (
        f"{head} It comes from {'; '.join(parts)}. "
        f"Left to interactions: {_estimate(found['interaction_on'])} (switching in {a}), "
        f"{_estimate(found['interaction_off'])} (switching back in {b})."
    )


def _show(value: Any) -> str:
    """An option value as short text."""
    if isinstance(value, list | tuple | set | frozenset):
        return "[" + ", ".join(map(str, sorted(value))) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _table(found: dict[str, Any], a: str, b: str) -> list[str]:
    """Every switch of one metric, largest effect first."""
    lines = [
        f"### {found['metric']}",
        "",
        f"| option | {a} | {b} | switched alone in {a} | switched back alone in {b} | makes the difference |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in found["switches"]:
        lines.append(
            f"| {row['option']} | {_show(row['a'])} | {_show(row['b'])} | {_estimate(row['on'])} "
            f"| {_estimate(row['off'])} | {'yes' if row['driver'] else ''} |"
        )
    lines.append(
        f"| (interaction: B - A minus the sum) | | | {_estimate(found['interaction_on'])} "
        f"| {_estimate(found['interaction_off'])} | |"
    )
    return [*lines, ""]


def explain_markdown(found: dict[str, Any], command: str) -> str:
    """The whole explain.md text."""
    a, b = found["a"], found["b"]
    lines = [f"# Why {b} differs from {a}", "", "## Answer", ""]
    lines += [f"- {_sentence(m, a, b)}" for m in found["metrics"]]
    lines += ["", "Produced by:", "", "```sh", command, "```", ""]
    lines += [
        f"{len(found['switches'])} differences, each switched alone on the same {found['games']} seeds as {a} and "
        f"{b} (root seed {found['seed']}): `switched alone in {a}` is ({a} with that option of {b}) - {a}, "
        f"`switched back alone in {b}` is {b} - ({b} with that option of {a}); both are paired, with 95% intervals. "
        f"A difference *makes the difference* when one of them excludes zero and is at least 10% of {b} - {a}. "
        "The interaction is what the single switches do not add up to, per game.",
        "",
    ]
    if found["skipped"]:
        lines += ["Differences that cannot be switched alone:", ""]
        lines += [f"- {s['option']}: {s['why']}" for s in found["skipped"]] + [""]
    lines += ["## Effects", ""]
    for m in found["metrics"]:
        lines += _table(m, a, b)
    lines += ["![explain.png](explain.png)", ""]
    return "\n".join(lines)


def _plot(found: dict[str, Any], path: Path, top: int = 10) -> Path:
    """Per metric, the largest switches' effects both ways round, with their intervals."""
    from mjsim.report.plots import _save, plt

    panels = found["metrics"]
    fig, axes = plt.subplots(len(panels), 1, figsize=(8, 1.2 + 2.6 * len(panels)), squeeze=False)
    for ax, m in zip(axes[:, 0], panels, strict=True):
        rows = m["switches"][:top]
        for i, row in enumerate(reversed(rows)):
            for shift, key, label in ((0.15, "on", f"in {found['a']}"), (-0.15, "off", f"back in {found['b']}")):
                e = row[key]
                if e["value"] is None or e["low"] is None:
                    continue
                xerr = [[e["value"] - e["low"]], [e["high"] - e["value"]]]
                color = "tab:blue" if key == "on" else "tab:orange"
                ax.errorbar(
                    e["value"], i + shift, xerr=xerr, fmt="o", capsize=3, color=color, label=label if i == 0 else None
                )
        ax.set_yticks(range(len(rows)), [row["option"] for row in reversed(rows)], fontsize=7)
        d = m["difference"]["value"]
        if d is not None:
            ax.axvline(d, color="grey", linestyle="--", linewidth=0.8, label=f"{found['b']} - {found['a']}")
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_title(m["metric"], fontsize=9)
        ax.legend(fontsize=7)
    axes[-1, 0].set_xlabel("effect of switching one option alone (95% CI)")
    return _save(fig, path, f"Why {found['b']} differs from {found['a']}")


def write_explain(found: dict[str, Any], out: Path, command: str) -> None:
    """explain.json, explain.md and explain.png in ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_file(
            out / "explain.json",
            json.dumps({**found, "command": command}, indent=1, ensure_ascii=False, default=_show) + "\n",
        )
        write_file(out / "explain.md", explain_markdown(found, command))
        _plot(found, out / "explain.png")
    except OSError as exc:
        raise MjsimError(f"{out}: cannot write the report ({exc.strerror or exc}); the store is kept") from None

"""The report's PNG plots (matplotlib, no display needed)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no screen on servers and CI
import matplotlib.pyplot as plt  # noqa: E402

from mjsim.files import write_file  # noqa: E402

PANELS_PER_ROW = 4


def write_plots(experiment, summary: dict[str, Any], records: dict[str, list], out: Path) -> list[Path]:
    """Rank distribution by seat, final points by rule set, the paired comparisons and any ranking."""
    plots = [_ranks(summary, out / "rank_distribution.png"), _points(records, out / "final_points.png")]
    if summary["comparisons"]:
        plots.append(_comparisons(summary, out / "comparisons.png"))
    if summary.get("ranking"):
        plots.append(_ranking(summary, out / "ranking.png"))
    return plots


def _ranks(summary: dict[str, Any], path: Path) -> Path:
    """One panel per rule set, a group of bars per seat; the legend below the panels, never over one."""
    names = list(summary["rulesets"])
    cols = min(len(names), PANELS_PER_ROW)
    rows = -(-len(names) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 2.9 * rows + 0.8), sharey=True, squeeze=False)
    for ax in axes.flat[len(names) :]:
        ax.set_visible(False)
    for ax, name in zip(axes.flat, names, strict=False):
        seats = summary["rulesets"][name]["seats"]
        n, width = len(seats), 0.8 / max(len(seats), 1)  # one bar per rank in each seat's group
        for rank in range(n):
            values = [st["rank_distribution"][rank]["value"] for st in seats]
            ax.bar([s + (rank - (n - 1) / 2) * width for s in range(n)], values, width=width, label=f"rank {rank + 1}")
        ax.set_title(_wrapped(name, 30), fontsize=9)
        ax.set_xticks(range(n), [f"seat {s}" for s in range(n)], fontsize=8)
        ax.axhline(1 / max(n, 1), color="grey", linewidth=0.8, linestyle=":")
    for row in axes:
        row[0].set_ylabel("share of games")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8, frameon=False)
    return _save(fig, path, "Rank distribution by seat (seat 0 deals first; dotted: an even share)", bottom=0.7)


def _points(records: dict[str, list], path: Path) -> Path:
    """A box per rule set, laid across so that each name has a line of its own (no label overlaps another)."""
    names = list(records)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.42 * len(names)))
    data = [[p for r in records[n] for p in r["final"]["points"]] for n in reversed(names)]
    try:
        ax.boxplot(data, orientation="horizontal", showfliers=False)
    except TypeError:  # matplotlib before 3.10 names it vert
        ax.boxplot(data, vert=False, showfliers=False)
    ax.set_yticks(range(1, len(names) + 1), [_wrapped(n, 40) for n in reversed(names)], fontsize=8)
    ax.set_xlabel("final points (box: middle half of the seats' final points; whiskers: 1.5 IQR)")
    return _save(fig, path, "Final points of every seat, by rule set")


def _comparisons(summary: dict[str, Any], path: Path) -> Path:
    """One panel per metric (their scales differ), one row per comparison."""
    by_metric: dict[str, list[dict[str, Any]]] = {}
    for c in summary["comparisons"]:
        by_metric.setdefault(c["metric"], []).append(c)
    panels = max(len(by_metric), 1)
    heights = [len(comps) for comps in by_metric.values()] or [1]
    fig, axes = plt.subplots(
        panels,
        1,
        figsize=(8, 1.0 + 0.45 * len(summary["comparisons"]) + 0.7 * panels),
        squeeze=False,
        gridspec_kw={"height_ratios": [h + 1 for h in heights]},  # a panel as tall as its rows
    )
    for ax, (metric, comps) in zip(axes[:, 0], by_metric.items(), strict=False):
        for i, c in enumerate(comps):
            d = c["difference"]
            if d.get("value") is None or d.get("low") is None or d.get("high") is None:
                continue
            ax.errorbar(d["value"], i, xerr=[[d["value"] - d["low"]], [d["high"] - d["value"]]], fmt="o", capsize=4)
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_yticks(range(len(comps)), [_comparison_label(c) for c in comps], fontsize=8)
        ax.set_ylim(-0.7, len(comps) - 0.3)
        ax.set_title(metric, fontsize=9)
    axes[-1, 0].set_xlabel("B minus A, 95% CI")
    return _save(fig, path, "Paired comparisons on the same seeds")


def _comparison_label(c: dict[str, Any]) -> str:
    """ "B - A", and the line-up that played when the experiment has several."""
    return f"{c['b']} - {c['a']}" + (f" ({c['lineup']})" if c.get("lineup") else "")


def _ranking(summary: dict[str, Any], path: Path) -> Path:
    """The change score of every rule set against the baseline, most changed on top, with its interval."""
    rows = [r for r in summary["ranking"] if r["score"]["value"] is not None]
    fig, ax = plt.subplots(figsize=(7, 1.0 + 0.28 * len(rows)))
    for i, row in enumerate(reversed(rows)):
        s = row["score"]
        low, high = s["low"] if s["low"] is not None else s["value"], s["high"] if s["high"] is not None else s["value"]
        ax.errorbar(s["value"], i, xerr=[[s["value"] - low], [high - s["value"]]], fmt="o", capsize=3)
    ax.set_yticks(range(len(rows)), [r["ruleset"] for r in reversed(rows)], fontsize=8)
    ax.set_xlabel(f"change score against {summary['baseline']} (RMS of standardised effects, 95% bootstrap CI)")
    ax.axvline(0, color="grey", linewidth=0.8)
    return _save(fig, path, "Which rules change the game most")


def _wrapped(text: str, width: int) -> str:
    """A long label on lines of at most ``width`` characters (breaking at spaces, @ and +)."""
    import textwrap

    spaced = text.replace("@", " @").replace("+", " +")
    return "\n".join(textwrap.wrap(spaced, width)) or text


def _save(fig, path: Path, title: str, bottom: float = 0.0) -> Path:
    """Save with the title on top and room at the bottom (``bottom`` inches: a figure legend) for nothing to
    overlap."""
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, bottom / fig.get_figheight(), 1, 1))
    image = io.BytesIO()
    fig.savefig(image, dpi=110, format="png")
    plt.close(fig)
    write_file(path, image.getvalue())  # whole or not at all, never through a symbolic link left in the folder
    return path

"""The report's PNG plots (matplotlib, no display needed)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no screen on servers and CI
import matplotlib.pyplot as plt  # noqa: E402

from mjsim.files import write_file  # noqa: E402

PANELS_PER_ROW = 6


def write_plots(experiment, summary: dict[str, Any], records: dict[str, list], out: Path) -> list[Path]:
    """Rank distribution by seat, final points by rule set, the paired comparisons and any ranking."""
    plots = [_ranks(summary, out / "rank_distribution.png"), _points(records, out / "final_points.png")]
    if summary["comparisons"]:
        plots.append(_comparisons(summary, out / "comparisons.png"))
    if summary.get("ranking"):
        plots.append(_ranking(summary, out / "ranking.png"))
    return plots


def _ranks(summary: dict[str, Any], path: Path) -> Path:
    names = list(summary["rulesets"])
    cols = min(len(names), PANELS_PER_ROW)
    rows = -(-len(names) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 3.2 * rows), sharey=True, squeeze=False)
    for ax in axes.flat[len(names) :]:
        ax.set_visible(False)
    for ax, name in zip(axes.flat, names, strict=False):
        seats = summary["rulesets"][name]["seats"]
        n, width = len(seats), 0.8 / max(len(seats), 1)  # one bar per rank in each seat's group
        for rank in range(n):
            values = [st["rank_distribution"][rank]["value"] for st in seats]
            ax.bar([s + (rank - (n - 1) / 2) * width for s in range(n)], values, width=width, label=f"rank {rank + 1}")
        ax.set_title(name, fontsize=9)
        ax.set_xticks(range(n), [f"seat {s}" for s in range(n)])
        ax.axhline(1 / max(n, 1), color="grey", linewidth=0.8, linestyle=":")
    axes[0][0].set_ylabel("share of games")
    axes[0][cols - 1].legend(fontsize=7)
    return _save(fig, path, "Rank distribution by seat (seat 0 deals first)")


def _points(records: dict[str, list], path: Path) -> Path:
    names = list(records)
    fig, ax = plt.subplots(figsize=(max(7, 0.45 * len(names)), 3.5 if len(names) <= 8 else 4.5))
    data = [[p for r in records[n] for p in r["final"]["points"]] for n in names]
    ax.boxplot(data, showfliers=False)
    many = len(names) > 8
    ax.set_xticks(range(1, len(names) + 1), names, rotation=60 if many else 0, ha="right" if many else "center")
    ax.set_ylabel("final points")
    return _save(fig, path, "Final points of every seat, by rule set")


def _comparisons(summary: dict[str, Any], path: Path) -> Path:
    """One panel per metric (their scales differ), one row per comparison."""
    by_metric: dict[str, list[dict[str, Any]]] = {}
    for c in summary["comparisons"]:
        by_metric.setdefault(c["metric"], []).append(c)
    panels = max(len(by_metric), 1)
    fig, axes = plt.subplots(
        panels, 1, figsize=(7, 1.2 + 0.9 * len(summary["comparisons"]) + 0.4 * panels), squeeze=False
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


def _save(fig, path: Path, title: str) -> Path:
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, dpi=110, format="png")
    plt.close(fig)
    write_file(path, image.getvalue())  # whole or not at all, never through a symbolic link left in the folder
    return path

"""A sweep's plots: response curves with 95% bands (one swept option) or heat maps (two), a panel per metric."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from mjsim.report.plots import _save, plt


def sweep_plots(sweep: dict[str, Any], out: Path) -> list[Path]:
    """Response curves (one swept option) or heat maps (two), one panel per metric."""
    if len(sweep["options"]) == 1:
        return [_curves(sweep, out / "sweep_curves.png")]
    return [_heat_maps(sweep, out / "sweep_heatmap.png")]


def _panels(count: int):
    cols = min(count, 3)
    rows = -(-count // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.4 * rows), squeeze=False)
    for ax in axes.flat[count:]:
        ax.set_visible(False)
    return fig, axes.flat


def _curves(sweep: dict[str, Any], path: Path) -> Path:
    """Each metric's mean against the swept value, with its 95% band, one line per base rule set and line-up."""
    option, values = sweep["options"][0], sweep["values"][0]
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    xs = values if numeric else list(range(len(values)))
    fig, axes = _panels(len(sweep["metrics"]))
    for ax, name in zip(axes, sweep["metrics"], strict=False):
        for series in dict.fromkeys(p["series"] for p in sweep["points"]):
            rows = [p for p in sweep["points"] if p["series"] == series]
            est = [p["metrics"][name] or {} for p in rows]
            mean = [e.get("value") for e in est]
            low = [e.get("low") if e.get("low") is not None else e.get("value") for e in est]
            high = [e.get("high") if e.get("high") is not None else e.get("value") for e in est]
            line = ax.plot(xs, mean, marker="o", label=series or None)[0]
            ax.fill_between(xs, low, high, alpha=0.2, color=line.get_color())
        if not numeric:
            ax.set_xticks(xs, [str(v) for v in values], rotation=30 if len(values) > 5 else 0)
        ax.set_xlabel(option)
        ax.set_title(name, fontsize=9)
    bottom = 0.0
    if any(p["series"] for p in sweep["points"]):  # one legend below the panels: it covers no curve
        handles, labels = next(iter(fig.axes)).get_legend_handles_labels()
        columns = min(len(labels), 3)
        fig.legend(handles, labels, loc="lower center", ncol=columns, fontsize=8, frameon=False)
        bottom = 0.15 + 0.22 * -(-len(labels) // columns)
    title = f"Response to {option} (mean per game, 95% band; same seeds at every point)"
    return _save(fig, path, title, bottom=bottom)


def _heat_maps(sweep: dict[str, Any], path: Path) -> Path:
    """Each metric's mean over the two swept options (the first base rule set and line-up)."""
    (first, second), (rows_v, cols_v) = sweep["options"], sweep["values"]
    series = sweep["points"][0]["series"]
    cells = {tuple(p["point"].values()): p for p in sweep["points"] if p["series"] == series}
    fig, axes = _panels(len(sweep["metrics"]))
    for ax, name in zip(axes, sweep["metrics"], strict=False):
        grid = np.array([[_mean(cells.get((r, c)), name) for c in cols_v] for r in rows_v], dtype=float)
        image = ax.imshow(grid, aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(cols_v)), [str(v) for v in cols_v], fontsize=7)
        ax.set_yticks(range(len(rows_v)), [str(v) for v in rows_v], fontsize=7)
        ax.set_xlabel(second)
        ax.set_ylabel(first)
        ax.set_title(name, fontsize=9)
        fig.colorbar(image, ax=ax)
    return _save(fig, path, f"Mean per game over {first} and {second}" + (f" ({series})" if series else ""))


def _mean(point: dict[str, Any] | None, name: str) -> float:
    est = (point or {}).get("metrics", {}).get(name)
    return float("nan") if not est or est.get("value") is None else est["value"]

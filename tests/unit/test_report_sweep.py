"""A sweep's report parts on a hand-made summary: the tables, response curves for one option, heat maps for two."""

from __future__ import annotations

import itertools

import pytest

from mjsim.report.md import _estimate
from mjsim.report.sweep import sweep_markdown
from mjsim.report.sweep_plots import sweep_plots


def _estimate_of(value: float) -> dict:
    return {"value": value, "low": value - 1, "high": value + 1, "n": 10}


def _summary(options: dict[str, list]) -> dict:
    rows = []
    for combo in itertools.product(*options.values()):
        point = dict(zip(options, combo, strict=True))
        name = ", ".join(f"{k}={v}" for k, v in point.items())
        level = float(sum(hash(str(v)) % 7 for v in combo))
        rows.append(
            {
                "run": name,
                "series": "",
                "point": point,
                "games": 10,
                "metrics": {"m": _estimate_of(level)},
                "paired": {"m": _estimate_of(level - 1)},
            }
        )
    return {
        "options": list(options),
        "values": list(options.values()),
        "metrics": {"m": "a metric"},
        "baseline": rows[0]["run"],
        "points": rows,
    }


@pytest.mark.parametrize(
    ("options", "plot"),
    [
        pytest.param({"a.x": [1, 2, 4]}, "sweep_curves.png", id="numeric-curve"),
        pytest.param({"a.x": ["0-0", "10-20"]}, "sweep_curves.png", id="choice-curve"),
        pytest.param({"a.x": [1, 2], "a.y": ["p", "q", "r"]}, "sweep_heatmap.png", id="heat-map"),
    ],
)
def test_plots_and_tables(tmp_path, options, plot):
    summary = _summary(options)
    (path,) = sweep_plots(summary, tmp_path)
    assert path.name == plot and path.stat().st_size > 0
    text = "\n".join(sweep_markdown(summary, _estimate))
    assert "### Mean per game (95% CI)" in text and f"Paired against {summary['baseline']}" in text
    assert text.count("| 10 |") == 2 * len(summary["points"])  # every point in both tables

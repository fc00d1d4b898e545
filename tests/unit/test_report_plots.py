"""The report's plots are readable by construction: no label, title or legend of a plot overlaps another, nor a
legend a panel, however many rule sets and however long their names (checked on the drawn figure)."""

from __future__ import annotations

import itertools

import pytest

from mjsim.report import plots as report_plots

LONG = ["tenhou", "tenhou+aka_off+kuitan_off @ efficiency", "mahjongsoul @ human", "4play @ human", "fl8 @ human"]


def _names(count: int) -> list[str]:
    return [f"{LONG[i % len(LONG)]} {i}" for i in range(count)]


def _summary(names: list[str]) -> dict:
    seats = [{"rank_distribution": [{"value": 0.25 + 0.01 * (r - s)} for r in range(4)]} for s in range(4)]
    comparisons = [
        {"a": names[0], "b": n, "metric": m, "difference": {"value": 1.0, "low": -2.0, "high": 3.0}}
        for n in names[1:]
        for m in ("first_dealer_points", "points_spread")
    ]
    return {"rulesets": {n: {"seats": seats} for n in names}, "comparisons": comparisons}


def _records(names: list[str]) -> dict:
    return {n: [{"final": {"points": [10000 * i, 25000, 30000, 35000 - 10000 * i]}} for i in range(5)] for n in names}


@pytest.fixture
def figures(monkeypatch, tmp_path):
    """The figures ``write_plots`` draws, kept open to be measured."""
    kept = []
    monkeypatch.setattr(report_plots.plt, "close", kept.append)
    return kept


def _boxes(fig) -> list[tuple[str, object]]:
    """Every visible piece of text or legend of the figure, with its box on the canvas."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [("suptitle", fig._suptitle.get_window_extent(renderer))] if fig._suptitle else []
    for legend in fig.legends:
        boxes.append(("legend", legend.get_window_extent(renderer)))
    for n, ax in enumerate(fig.axes):
        if not ax.get_visible():
            continue
        texts = [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.get_xticklabels(), *ax.get_yticklabels()]
        boxes += [(f"axes {n}: {t.get_text()!r}", t.get_window_extent(renderer)) for t in texts if t.get_text()]
        if ax.get_legend() is not None:
            boxes.append((f"axes {n} legend", ax.get_legend().get_window_extent(renderer)))
    return boxes


def overlaps(fig) -> list[str]:
    """Pairs of texts that overlap, and legends over a panel."""
    found = []
    boxes = _boxes(fig)
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        if box_a.overlaps(box_b) and box_a.intersection(box_a, box_b).width > 1:
            found.append(f"{a} overlaps {b}")
    renderer = fig.canvas.get_renderer()
    for name, box in boxes:
        if "legend" in name:
            for n, ax in enumerate(fig.axes):
                if ax.get_visible() and f"axes {n} " not in name and box.overlaps(ax.get_window_extent(renderer)):
                    found.append(f"{name} covers panel {n}")
    return found


@pytest.mark.parametrize("count", [2, 5, 8, 13], ids=lambda c: f"{c}-rulesets")
def test_no_label_or_legend_overlaps(figures, tmp_path, count):
    names = _names(count)
    report_plots.write_plots(None, _summary(names), _records(names), tmp_path)
    assert len(figures) == 3
    for fig in figures:
        assert overlaps(fig) == [], fig._suptitle.get_text()


def _sweep(series: list[str], two: bool) -> dict:
    options = ["riichi.uma", "riichi.oka"] if two else ["riichi.uma"]
    values = [[5, 10, 20, 30], [0, 20000]] if two else [["5-10", "10-20", "10-30", "20-30", "15-45", "30-90"]]
    grid = [(a, b) for a in values[0] for b in values[1]] if two else [(a,) for a in values[0]]
    est = {"value": 1.0, "low": 0.5, "high": 1.5}
    points = [
        {"series": s, "point": dict(zip(options, cell, strict=True)), "metrics": {m: est for m in ("a", "b", "c", "d")}}
        for s in series
        for cell in grid
    ]
    return {"options": options, "values": values, "metrics": ["a", "b", "c", "d"], "points": points}


@pytest.mark.parametrize("two", [False, True], ids=["curves", "heat-maps"])
@pytest.mark.parametrize("series", [[""], [f"{n} @ efficiency" for n in LONG]], ids=["one-series", "five-series"])
def test_sweep_plots_overlap_nothing(figures, tmp_path, two, series):
    from mjsim.report.sweep_plots import sweep_plots

    sweep_plots(_sweep(series, two), tmp_path)
    assert len(figures) == 1 and overlaps(figures[0]) == []


def test_the_check_sees_an_overlap(figures, tmp_path):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_xticks(range(5), [f"a long rule set name {i}" for i in range(5)])
    assert any("overlaps" in x for x in overlaps(fig))
    fig.legend([ax.plot([0, 1])[0]], ["a line"], loc="center")
    assert any("covers panel" in x for x in overlaps(fig))

"""The play statistics beside a reference of real play, as rows for ``mjsim simulate``'s text and report tables."""

from __future__ import annotations

from typing import Any

from mjsim.play.stats import group_order, total_variation
from mjsim.play.terms import Reference

Row = tuple[str, str, str, str]

RATES = ("win", "deal_in", "call", "tsumo", "mean_win", "win_turn", "tenpai_at_draw", "draw", "hands_per_game")
"""The single figures in the order the table shows them (the family's declaration follows ``deal_in``)."""
PLAYER_FIGURES = ("win", "deal_in", "call", "mean_win", "win_turn")
MIN_PATTERN_SHARE = 0.01
"""Patterns the reference does not list are shown when at least this share of the run's wins holds them."""


def single_figures(play: dict[str, Any], per_player: bool = False) -> list[str]:
    """The names of the run's single figures in table order, the family's declaration after the deal-in rate."""
    declaration = play["terms"]["declaration"]
    names = PLAYER_FIGURES if per_player else RATES
    return [*names[:2], *([declaration] if declaration else []), *names[2:]]


def _text(value: Any, figure: str, share: bool = False) -> str:
    if value is None:
        return "-"
    if share:  # a share of wins in a distribution: percent, fine enough for the reference's 0.01 %
        return f"{100 * value:.2f} %"
    if figure == "mean_win":
        return f"{value:.0f}"
    return f"{value:.2f}" if figure in ("hands_per_game", "win_turn") else f"{value:.3f}"


def _row(label: str, run: float | None, ref: float | None, figure: str, share: bool = False) -> Row:
    diff = run - ref if run is not None and ref is not None else None
    sign = "+" if diff is not None and diff > 0 else ""
    texts = (_text(v, figure, share) for v in (run, ref, diff))
    return label, next(texts), next(texts), sign + next(texts) if diff is not None else "-"


def comparison_rows(play: dict[str, Any], reference: Reference | None, shares: bool = True) -> list[Row]:
    """(figure, this run, the reference, run minus reference) for the run's figures, then its distributions
    (``shares`` False: only their distance to the reference)."""
    ref = reference.figures if reference is not None else {}
    rows = [_row(f, play.get(f), ref.get(f), f) for f in single_figures(play)]
    for group in play["terms"]["groups"]:
        if shares:
            rows += _distribution_rows(group, play[group], ref.get(group, {}), numeric=True)
        if group in ref and play[group]:
            distance = f"{total_variation(play[group], ref[group]):.3f}"
            rows.append((f"{group}: total variation distance", distance, "0", "-"))
    patterns = play["terms"]["patterns"]
    if patterns and shares:
        rows += _distribution_rows(patterns, play[patterns], ref.get(patterns, {}), numeric=False)
    return rows


def _distribution_rows(name: str, run: dict[str, float], ref: dict[str, float], numeric: bool) -> list[Row]:
    """One row per group: the reference's groups, then the run's others (patterns: those worth showing)."""
    keys = list(ref) + [k for k in run if k not in ref and (numeric or run[k] >= MIN_PATTERN_SHARE)]
    if numeric:
        keys = sorted(keys, key=group_order)
    return [_row(f"{name} {k}", run.get(k, 0.0), ref.get(k), name, share=True) for k in keys]


def player_rows(play: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """(columns, rows) of the per-seat and per-agent figures."""
    columns = single_figures(play, per_player=True)
    who = [(f"seat {i}", st) for i, st in enumerate(play["seats"])] + list(play["agents"].items())
    return columns, [[name, *(_text(st.get(c), c) for c in columns)] for name, st in who]


def _comparison(play: dict[str, Any], reference: Reference | None, shares: bool = True) -> list[tuple[str, ...]]:
    """The header and rows of the comparison; without a reference only the figure and this run's value (a
    column of dashes beside them would read as a reference that is missing, not one that does not exist)."""
    rows = comparison_rows(play, reference, shares)
    if reference is None:
        return [("figure", "this run"), *(r[:2] for r in rows)]
    return [("figure", "this run", f"people ({reference.name})", "difference"), *rows]


def text_table(play: dict[str, Any], reference: Reference | None) -> list[str]:
    """The comparison and the per-seat and per-agent figures as aligned text."""
    lines = _aligned(_comparison(play, reference))
    columns, players = player_rows(play)
    lines += ["", *_aligned([["by seat / agent", *columns], *players])]
    if reference is not None:
        lines.append(f"  {reference.name}: {reference.about} (every figure's source: the reference file)")
    return lines


def _aligned(rows) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]


def markdown_table(play: dict[str, Any], reference: Reference | None, shares: bool = True) -> list[str]:
    """The comparison and the per-seat and per-agent figures as markdown tables (``shares``: with every
    distribution's shares, else their distances only)."""
    header, *rows = _comparison(play, reference, shares)
    lines = [f"| {' | '.join(header)} |", "| --- |" + " ---: |" * (len(header) - 1)]
    lines += [f"| {' | '.join(r)} |" for r in rows]
    columns, players = player_rows(play)
    lines += ["", f"| by seat / agent | {' | '.join(columns)} |", "| --- |" + " ---: |" * len(columns)]
    return lines + [f"| {' | '.join(r)} |" for r in players]

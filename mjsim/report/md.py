"""summary.md: the report a person reads (tables with 95% intervals, the answer, the command)."""

from __future__ import annotations

from typing import Any

from mjsim.experiment.sections import report_section
from mjsim.report.lineups import (
    lineups_line,
    ranking_robustness_answer,
    ranking_robustness_table,
    robustness_answers,
    robustness_table,
)


def _ci(e: dict[str, Any] | None, digits: int = 3) -> str:
    """ "value [low, high]" for an estimate dict."""
    if not e or e.get("value") is None:
        return "n/a"
    fmt = f"{{:.{digits}f}}"
    low = "-inf" if e.get("low") is None else fmt.format(e["low"])
    high = "inf" if e.get("high") is None else fmt.format(e["high"])
    return f"{fmt.format(e['value'])} [{low}, {high}]"


def summary_markdown(s: dict[str, Any]) -> str:
    """The whole summary.md text."""
    lines = [f"# {s['title']}", "", *_forced_lines(s), f"**Question.** {s['question']}", ""]
    lines += _ranking_answer(s) + _answers(s) + [""]
    lines += [
        "Produced by:",
        "",
        "```sh",
        s["command"],
        "```",
        "",
        _players_line(s),
        "",
    ]
    lines += _sweep_tables(s) + _ruleset_table(s) + [""] + _extra_metrics_table(s) + _seat_tables(s) + _side_tables(s)
    lines += _section_tables(s) + [""] + _ranking_table(s) + ranking_robustness_table(s)
    lines += _robustness_table(s) + _comparison_table(s) + [""]
    lines += [f"![{p}]({p})" for p in s.get("plots", [])]
    return "\n".join(lines) + "\n"


def summary_lead(s: dict[str, Any]) -> str:
    """summary.md's lead: its title, question and answer, up to the command that produced it (``mjsim run`` prints
    it as it ends)."""
    return summary_markdown(s).split("\nProduced by:", 1)[0].rstrip()


def _forced_lines(s: dict[str, Any]) -> list[str]:
    """A warning for each run resumed with --force-resume: its games mix two settings."""
    return [
        f"**Warning: run {f['run']} was resumed with --force-resume** after it was made with {f['difference']}: "
        "its games mix both settings, and so do its figures.\n"
        for f in s.get("forced_resumes", [])
    ]


def _sweep_tables(s: dict[str, Any]) -> list[str]:
    """A sweep's tables (mjsim.report.sweep), before the rule-set table."""
    from mjsim.report.sweep import sweep_markdown

    return sweep_markdown(s["sweep"], _estimate) if s.get("sweep") else []


def _players_line(s: dict[str, Any]) -> str:
    """Who played: the agents, or every line-up of an experiment that has several."""
    if s.get("lineups"):
        return lineups_line(s)
    return (
        f"Agents: {', '.join(s['agents'])}; root seed {s['seed']}; every rule set plays the same seeds. "
        "Intervals are 95% confidence intervals."
    )


def _estimate(e: dict[str, Any] | None) -> str:
    """An estimate with its interval, in decimals that suit its size."""
    return _ci(e, _digits(e))


def _robustness_table(s: dict[str, Any]) -> list[str]:
    """Several line-ups: whether each comparison's direction and significance hold across them."""
    return robustness_table(s, _estimate) if s.get("robustness") else []


def _answers(s: dict[str, Any]) -> list[str]:
    """One sentence per comparison, in words a player understands."""
    if not s["comparisons"]:
        return []
    if s.get("robustness"):
        return robustness_answers(s, _estimate)
    out = ["## Answer", ""]
    for c in s["comparisons"]:
        diff = c["difference"]
        value, low, high = diff.get("value"), diff.get("low"), diff.get("high")
        if value is None or low is None or high is None:
            continue
        clear = low > 0 or high < 0
        verdict = "a clear difference" if clear else "no clear difference"
        digits = 0 if max(abs(low), abs(high)) >= 100 else 3
        out.append(
            f"- {c['b']} against {c['a']}, {c['description']}: {value:+.{digits}f} "
            f"(95% CI {low:+.{digits}f} to {high:+.{digits}f}), {verdict} on {c['n_pairs']} paired games."
        )
    return out


def _ruleset_table(s: dict[str, Any]) -> list[str]:
    head = (
        "| rule set | games | first dealer points | first dealer rank | win rate | tsumo | deal-in | "
        "draw | mean win | hands/game | points spread |"
    )
    lines = ["## Rule sets", "", head, "|" + " --- |" * 11]
    for name, r in s["rulesets"].items():
        m, rates = r["metrics"], r["rates"]
        lines.append(
            f"| {name} | {r['games']} | {_ci(m['first_dealer_points'], 0)} | {_ci(m['first_dealer_rank'], 2)} | "
            f"{_ci(rates.get('win_rate'))} | {_ci(rates.get('tsumo_rate'))} | {_ci(rates.get('deal_in_rate'))} | "
            f"{_ci(rates.get('draw_rate'))} | {_ci(rates.get('win_value'), 0)} | "
            f"{_ci(m['hands_per_game'], 2)} | {_ci(m['points_spread'], 0)} |"
        )
    return lines


_FIXED = ("first_dealer_points", "first_dealer_rank", "points_spread", "hands_per_game", "mean_win_value", "win_rate")


def _extra_metrics_table(s: dict[str, Any]) -> list[str]:
    """The experiment's own metrics (variant facts), one column per rule set."""
    names = list(s["rulesets"])
    extra = [m for m in next(iter(s["rulesets"].values()))["metrics"] if m not in _FIXED]
    if not extra:
        return []
    lines = [
        "## Other metrics (mean per game)",
        "",
        "| metric | " + " | ".join(names) + " |",
        "|" + " --- |" * (len(names) + 1),
    ]
    for m in extra:
        cells = [_ci(s["rulesets"][n]["metrics"].get(m), _digits(s["rulesets"][n]["metrics"].get(m))) for n in names]
        lines.append(f"| {m} | " + " | ".join(cells) + " |")
    return lines + [""]


def _digits(e: dict[str, Any] | None) -> int:
    """Decimals that suit an estimate's size (shares need three, points none)."""
    if not e or e.get("value") is None:
        return 0
    return 0 if abs(e["value"]) >= 100 else (2 if abs(e["value"]) >= 1 else 3)


def _seat_tables(s: dict[str, Any]) -> list[str]:
    lines = ["## Seats", ""]
    for name, r in s["rulesets"].items():
        balance = r["seat_balance"]
        lines += [
            f"### {name}",
            "",
            f"Seat balance: {balance.get('verdict', '')}",
            "",
            "| seat | mean points | mean rank | " + " | ".join(_ordinals(len(r["seats"]))) + " |",
            "|" + " --- |" * (3 + len(r["seats"])),
        ]
        for seat, st in enumerate(r["seats"]):
            dist = " | ".join(_ci(p, 3) for p in st["rank_distribution"])
            lines.append(f"| {seat} | {_ci(st['points'], 0)} | {_ci(st['rank'], 2)} | {dist} |")
        lines.append("")
    return lines


def _ordinals(count: int) -> list[str]:
    """``1st``, ``2nd``, ``3rd``, ``4th``... up to ``count``: the rank columns of a table of that many seats."""
    return [f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}" for n in range(1, count + 1)]


def _side_tables(s: dict[str, Any]) -> list[str]:
    """Mean final balance per seat of each side currency (chips, settlement points), for rule sets that keep one."""
    rows = [(name, c, seats) for name, r in s["rulesets"].items() for c, seats in r.get("side", {}).items()]
    if not rows:
        return []
    lines = [
        "## Side currencies (mean final balance per seat)",
        "",
        "| rule set | currency | " + " | ".join(f"seat {seat}" for seat in range(len(rows[0][2]))) + " |",
    ]
    lines.append("|" + " --- |" * (2 + len(rows[0][2])))
    for name, currency, seats in rows:
        lines.append(f"| {name} | {currency} | " + " | ".join(_ci(e, 2) for e in seats) + " |")
    return lines + [""]


def _section_tables(s: dict[str, Any]) -> list[str]:
    """The sections variants add (tournament scoring...), each shown by its variant, rule set by rule set."""
    lines: list[str] = []
    for section in s.get("sections", ()):
        show = report_section(section).markdown
        for name, r in s["rulesets"].items():
            if r.get(section):
                lines += show(name, r[section])
    return lines


def _comparison_table(s: dict[str, Any]) -> list[str]:
    if not s["comparisons"]:
        return []
    by_lineup = bool(s.get("lineups"))  # several line-ups: a column says which one played
    lines = [
        "## Paired comparisons (B minus A on the same seeds)",
        "",
        "| A | B | " + ("line-up | " if by_lineup else "") + "metric | B - A | p (paired t) | p (Wilcoxon) | pairs |",
        "|" + " --- |" * (8 if by_lineup else 7),
    ]
    for c in s["comparisons"]:
        lineup = f"{c['lineup']} | " if by_lineup else ""
        lines.append(
            f"| {c['a']} | {c['b']} | {lineup}{c['metric']} | {_ci(c['difference'], _digits(c['difference']))} | "
            f"{_p(c['t_pvalue'])} | "
            f"{_p(c['wilcoxon_pvalue'])} | {c['n_pairs']} |"
        )
    return lines


def _p(p: float | None) -> str:
    return "n/a" if p is None else f"{p:.3g}"


def _ranking_answer(s: dict[str, Any]) -> list[str]:
    """The ranking in sentences: which rule sets change the game most, and which not measurably."""
    ranking = s.get("ranking") or []
    if not ranking:
        return []
    clear = [r for r in ranking if any(_excludes_zero(e) for e in r["effects"].values())]
    unchanged = [r["ruleset"] for r in ranking if r["score"]["value"] == 0]
    lines = ["## Which rule sets change the game most", ""]
    for i, r in enumerate(ranking[:5], 1):
        moved = max(r["effects"].items(), key=lambda kv: abs(kv[1]["value"] or 0))
        lines.append(
            f"{i}. **{r['ruleset']}**: change score {_ci(r['score'], 2)}; above all {moved[0]} "
            f"({(moved[1]['value'] or 0):+.2f} baseline SD)."
        )
    lines += [
        "",
        f"{len(clear)} of {len(ranking)} rule sets move at least one of these metrics beyond its 95% interval. "
        "The change score is a root mean square, so it is never below 0 and its interval says how precisely it "
        "is known, not whether the rule matters; the per-metric effects below say that."
        + (f" These play exactly {s['baseline']}'s games here: {', '.join(unchanged)}." if unchanged else ""),
        "",
    ]
    return lines + ranking_robustness_answer(s)


def _ranking_table(s: dict[str, Any]) -> list[str]:
    """Every rule set's change score and its per-metric effects (baseline SDs, and the raw difference)."""
    ranking = s.get("ranking") or []
    if not ranking:
        return []
    metrics = list(ranking[0]["effects"])
    lines = [
        f"## Ranking against {s['baseline']} (effects in baseline standard deviations; raw B - A below each)",
        "",
        "| rank | rule set | change score | " + " | ".join(metrics) + " |",
        "|" + " --- |" * (len(metrics) + 3),
    ]
    for n, r in enumerate(ranking):
        i = sum(1 for o in ranking[:n] if o.get("lineup") == r.get("lineup")) + 1  # ranked within its line-up
        cells = []
        for m in metrics:
            e = r["effects"][m]
            raw = e.get("difference")
            cells.append(f"{_ci(e, 2)}<br>{_ci(raw, _digits(raw))}" if e.get("value") is not None else "n/a")
        lines.append(f"| {i} | {r['ruleset']} | {_ci(r['score'], 2)} | " + " | ".join(cells) + " |")
    return lines + [""]


def _excludes_zero(e: dict[str, Any]) -> bool:
    """An estimate whose 95% interval lies wholly above or below 0."""
    low, high = e.get("low"), e.get("high")
    return low is not None and high is not None and (low > 0 or high < 0)

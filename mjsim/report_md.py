"""summary.md: the report a person reads (tables with 95% intervals, the answer, the command)."""

from __future__ import annotations

from typing import Any


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
    lines = [f"# {s['title']}", "", f"**Question.** {s['question']}", ""]
    lines += _answers(s) + [""]
    lines += [
        "Produced by:",
        "",
        "```sh",
        s["command"],
        "```",
        "",
        f"Agents: {', '.join(s['agents'])}; root seed {s['seed']}; every rule set plays the same seeds. "
        "Intervals are 95% confidence intervals.",
        "",
    ]
    lines += _ruleset_table(s) + [""] + _extra_metrics_table(s) + _seat_tables(s) + [""] + _comparison_table(s) + [""]
    lines += [f"![{p}]({p})" for p in s.get("plots", [])]
    return "\n".join(lines) + "\n"


def _answers(s: dict[str, Any]) -> list[str]:
    """One sentence per comparison, in words a player understands."""
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
            "| seat | mean points | mean rank | 1st | 2nd | 3rd | 4th |",
            "|" + " --- |" * 7,
        ]
        for seat, st in enumerate(r["seats"]):
            dist = " | ".join(_ci(p, 3) for p in st["rank_distribution"])
            lines.append(f"| {seat} | {_ci(st['points'], 0)} | {_ci(st['rank'], 2)} | {dist} |")
        lines.append("")
    return lines


def _comparison_table(s: dict[str, Any]) -> list[str]:
    lines = [
        "## Paired comparisons (B minus A on the same seeds)",
        "",
        "| A | B | metric | B - A | p (paired t) | p (Wilcoxon) | pairs |",
        "|" + " --- |" * 7,
    ]
    for c in s["comparisons"]:
        lines.append(
            f"| {c['a']} | {c['b']} | {c['metric']} | {_ci(c['difference'], _digits(c['difference']))} | "
            f"{_p(c['t_pvalue'])} | "
            f"{_p(c['wilcoxon_pvalue'])} | {c['n_pairs']} |"
        )
    return lines


def _p(p: float | None) -> str:
    return "n/a" if p is None else f"{p:.3g}"

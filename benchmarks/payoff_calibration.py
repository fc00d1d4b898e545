"""Does the payoff model predict the settlement a game ends with? Predicted against realised, hand by hand.

``python -m benchmarks.payoff_calibration --games 200 --seed 11 --out results/payoff_calibration``: per rule
set, four players (``--agents``, default ``human``) play ``--games`` games; at the start of every hand, for
every seat, the payoff model (``mjsim/agents/payoff.py``) predicts the seat's final settlement from the points
at that moment, the dealer and the hands left (the family's ``mjsim_payoff_view``, the hand itself still to
play). Each prediction is set against the seat's realised final settlement (the game's ``final`` record), and
against the naive prediction "the game ends now" (the family's settlement of the points as they stand). Written:
``summary.md`` (the calibration slope, the error against the naive prediction's, the calibration by deciles of
the prediction and by stage of the game), ``summary.json`` and ``calibration.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path
from types import SimpleNamespace

from mjsim.agents.payoff import payoff_model
from mjsim.rules import RuleSet
from mjsim.runner.games import as_dict, play_game
from mjsim.runner.seeding import game_seed

RULE_SETS = {  # name: option overrides of the tenhou preset
    "tenhou": {},
    "uma=20-40": {"riichi.uma": "20-40"},
    "uma=none": {"riichi.uma": "none"},
}
STAGES = (("hands 1-4", 0, 4), ("hands 5-8", 4, 8), ("hand 9 on", 8, 99))
DECILES = 10


def predictions(rules, record: dict) -> list[dict]:
    """(predicted, game-ends-now, realised, hand index) for every seat at the start of every hand."""
    model = payoff_model(rules)
    realised = _settled(record["final"])
    rows = []
    for hand in record["hands"]:
        before = [after - delta for after, delta in zip(hand["scores"], hand["deltas"], strict=True)]
        ends_now = model.settle(before)  # the naive prediction, one settlement for every seat
        for seat in range(len(before)):
            view = rules.ask.payoff_view(rules, _standing(seat, before, hand), 0)
            left = view.hands_left + 1  # the hand about to be played, then those after it
            predicted = model.expected_of(seat, before, left, view.dealer, view.dealer_hands)
            rows.append(
                {"hand": hand["hand"], "predicted": predicted, "now": ends_now[seat], "realised": realised[seat]}
            )
    return rows


def _standing(seat: int, scores: list[int], hand: dict) -> SimpleNamespace:
    """The facts of a seat's observation the family's payoff view reads, at the start of ``hand``."""
    return SimpleNamespace(
        seat=seat,
        scores=tuple(scores),
        round_wind=hand["round"],
        dealer=hand["dealer"],
        sticks=0,
        honba=hand["honba"],
        hand_index=hand["hand"],
    )


def _settled(final: dict) -> list[float]:
    """Each seat's final settlement, in the units the model predicts (the record's payout or results)."""
    values = final.get("payout") or final.get("results") or final.get("points")
    return [float(v) for v in values]


def summary(rows: list[dict]) -> dict:
    """Bias, error against the naive prediction, calibration by deciles and by stage."""
    errors = [r["realised"] - r["predicted"] for r in rows]
    naive = [r["realised"] - r["now"] for r in rows]
    ordered = sorted(rows, key=lambda r: r["predicted"])
    size = len(ordered) / DECILES
    deciles = [ordered[round(i * size) : round((i + 1) * size)] for i in range(DECILES)]
    return {
        "predictions": len(rows),
        "slope": _slope(rows),
        "rmse_model": _rmse(errors),
        "rmse_game_ends_now": _rmse(naive),
        "correlation": _correlation([r["predicted"] for r in rows], [r["realised"] for r in rows]),
        "deciles": [
            {"predicted": statistics.fmean(r["predicted"] for r in d), "realised": _mean_ci([r["realised"] for r in d])}
            for d in deciles
        ],
        "stages": {
            name: {
                "slope": _slope([r for r in rows if low <= r["hand"] < high]),
                "rmse_model": _rmse([e for e, r in zip(errors, rows, strict=True) if low <= r["hand"] < high]),
                "rmse_game_ends_now": _rmse([e for e, r in zip(naive, rows, strict=True) if low <= r["hand"] < high]),
            }
            for name, low, high in STAGES
        },
    }


def _mean_ci(values: list[float]) -> list[float]:
    """[mean, low, high] with a 95 % normal interval (the seats and hands of one game are not independent: the
    intervals here are narrower than the truth, for the picture, not a test)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean, 2), round(mean - half, 2), round(mean + half, 2)]


def _slope(rows: list[dict]) -> list[float]:
    """[slope, low, high] of the realised settlement regressed on the predicted one (1: the predictions spread
    as much as the outcomes; below 1: too far apart), with a 95 % normal interval. The mean error says nothing
    here: predictions and outcomes both sum to zero over a table's seats."""
    xs, ys = [r["predicted"] for r in rows], [r["realised"] for r in rows]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    residual = sum((y - my - slope * (x - mx)) ** 2 for x, y in zip(xs, ys, strict=True)) / (len(xs) - 2)
    half = 1.96 * math.sqrt(residual / sxx)
    return [round(slope, 3), round(slope - half, 3), round(slope + half, 3)]


def _rmse(errors: list[float]) -> float:
    """Root mean square of ``errors``."""
    return round(math.sqrt(statistics.fmean(e * e for e in errors)), 2)


def _correlation(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation."""
    return round(statistics.correlation(xs, ys), 3)


def markdown(results: dict, command: str) -> str:
    """The summary page."""
    lines = ["# Does the payoff model predict the final settlement?", "", f"Produced by `{command}`.", ""]
    lines += [
        "At the start of every hand, for every seat, the model's expected final settlement (points, uma, oka: the",
        "family's own settlement) against the settlement the game ended with, and against the naive prediction",
        '"the game ends now". Units: the final record\'s results (thousands of points plus uma and oka).',
        "",
        "| rule set | players | predictions | slope (realised on predicted) | error of the model (RMSE) | "
        "error of 'the game ends now' | correlation |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, r in results["rule_sets"].items():
        b = r["slope"]
        lines.append(
            f"| {name} | {results['agents']} | {r['predictions']} | {b[0]:.3f} [{b[1]:.3f}, {b[2]:.3f}] | "
            f"{r['rmse_model']:.2f} | {r['rmse_game_ends_now']:.2f} | {r['correlation']:.3f} |"
        )
    for name, r in results["rule_sets"].items():
        lines += ["", f"## {name}", "", "| stage | slope | RMSE model | RMSE 'ends now' |", "| --- | --- | --- | --- |"]
        for stage, s in r["stages"].items():
            b = s["slope"]
            lines.append(
                f"| {stage} | {b[0]:.3f} [{b[1]:.3f}, {b[2]:.3f}] | {s['rmse_model']:.2f} | "
                f"{s['rmse_game_ends_now']:.2f} |"
            )
        lines += ["", "| decile of the prediction | mean predicted | mean realised [95%] |", "| --- | --- | --- |"]
        for i, d in enumerate(r["deciles"], 1):
            m = d["realised"]
            lines.append(f"| {i} | {d['predicted']:+.1f} | {m[0]:+.1f} [{m[1]:+.1f}, {m[2]:+.1f}] |")
    return "\n".join(lines) + "\n"


def plot(results: dict, path: Path) -> None:
    """Mean realised against mean predicted per decile, one line per rule set, with the diagonal."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 5))
    low = min(d["predicted"] for r in results["rule_sets"].values() for d in r["deciles"])
    high = max(d["predicted"] for r in results["rule_sets"].values() for d in r["deciles"])
    ax.plot([low, high], [low, high], color="grey", linestyle="--", label="realised = predicted")
    for name, r in results["rule_sets"].items():
        xs = [d["predicted"] for d in r["deciles"]]
        ys = [d["realised"][0] for d in r["deciles"]]
        err = [
            [y - d["realised"][1] for y, d in zip(ys, r["deciles"], strict=True)],
            [d["realised"][2] - y for y, d in zip(ys, r["deciles"], strict=True)],
        ]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=name)
    ax.set_xlabel("predicted final settlement (decile mean)")
    ax.set_ylabel("realised final settlement (mean, 95%)")
    ax.set_title(f"Payoff model calibration, {results['agents']} x4, {results['games']} games each")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--agents", default="human")
    ap.add_argument("--out", type=Path, default=None, help="write summary.md, summary.json and calibration.png")
    args = ap.parse_args()
    results = {"agents": args.agents, "games": args.games, "seed": args.seed, "rule_sets": {}}
    for name, overrides in RULE_SETS.items():
        rules = RuleSet.resolve("tenhou", overrides).compile()
        rows = []
        for i in range(args.games):
            record = as_dict(play_game(rules, game_seed(args.seed, i), [args.agents] * 4, i))
            rows += predictions(rules, record)
        results["rule_sets"][name] = summary(rows)
    command = f"python -m benchmarks.payoff_calibration --games {args.games} --seed {args.seed} --agents {args.agents}"
    if args.out is not None:
        command += f" --out {args.out}"
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "summary.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        (args.out / "summary.md").write_text(markdown(results, command), encoding="utf-8")
        plot(results, args.out / "calibration.png")
    print(markdown(results, command))


if __name__ == "__main__":
    main()

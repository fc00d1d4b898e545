"""Issue 35's measurements: how payoff rules move the human's play, and whether reading the payoff pays.

``python -m benchmarks.payoff_rules moves --games 200 --seed 5``: each change below against plain Tenhou on the
same seeds, four ``human`` (or ``--agents``), B - A per game of each play rate with a 95 % interval.
``python -m benchmarks.payoff_rules edge --games 400 --seed 5``: per rule set, one ``human`` against three
``human:blind``, the aware seat rotated game by game; the aware seat's final settlement (chips at the rule set's
rate, ``mjsim.agents.payoff.DEFAULT_CHIP_RATE`` when it keeps them apart) minus the blind seats' mean, with a 95 %
interval. ``python -m benchmarks.payoff_rules stops --games 100 --seed 5``: under optional 和了り止め and
聴牌止め, how often the dealer was offered the stop and played on. ``--jobs`` plays games in that many
processes (same results for any number).
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor

from mjsim.agents.payoff import DEFAULT_CHIP_RATE
from mjsim.play.stats import play_statistics
from mjsim.rules import RuleSet
from mjsim.runner.games import as_dict, play_game
from mjsim.runner.seeding import game_seed

CHANGES = {  # name: (options, plugins)
    "uma=20-40": ({"riichi.uma": "20-40"}, ()),
    "uma=none": ({"riichi.uma": "none"}, ()),
    "start=30000 (no oka)": ({"riichi.start_points": 30000, "riichi.return_points": "none"}, ()),
    "riichi_deposit=3000": ({"riichi.riichi_deposit": 3000}, ()),
    "noten_payment_total=9000": ({"riichi.noten_payment_total": 9000}, ()),
    "bust=off": ({"riichi.bust": "off"}, ()),
    "chips": ({}, ("chips",)),
    "yakitori": ({}, ("yakitori",)),
    "bust_prize": ({}, ("bust_prize",)),
}
RATES = ("riichi", "call", "win", "deal_in", "draw", "tenpai_at_draw", "mean_win")


def rules_of(name: str | None, preset: str = "tenhou"):
    """Plain ``preset`` (None) or it with change ``name``."""
    options, plugins = CHANGES[name] if name else ({}, ())
    return RuleSet.resolve(preset, options, plugins).compile()


def _game(task: tuple) -> dict:
    """One game's record (a worker's job): (change, game index, seed, line-up)."""
    change, i, seed, names = task
    return as_dict(play_game(rules_of(change), game_seed(seed, i), names, i))


def play(tasks: list[tuple], jobs: int) -> list[dict]:
    """The records of ``tasks`` in order."""
    if jobs <= 1:
        return [_game(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_game, tasks, chunksize=4))


def interval(values: list[float]) -> dict[str, float]:
    """Mean and 95 % normal interval."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def _rates(record: dict) -> dict[str, float]:
    """The compared rates of one game (0 where a rate has no hands)."""
    stats = play_statistics([record]) or {}
    return {k: stats.get(k) or 0.0 for k in RATES}


def moves(changes: list[str], games: int, seed: int, agents: str, jobs: int) -> dict:
    """Per change: A, B pooled and B - A per game with its interval."""
    names = [agents] * 4
    base = play([(None, i, seed, names) for i in range(games)], jobs)
    out = {}
    for change in changes:
        other = play([(change, i, seed, names) for i in range(games)], jobs)
        a_all, b_all = play_statistics(base) or {}, play_statistics(other) or {}
        per_game = [(_rates(a), _rates(b)) for a, b in zip(base, other, strict=True)]
        out[change] = {
            k: {"a": round(a_all.get(k) or 0, 4), "b": round(b_all.get(k) or 0, 4)}
            | interval([b[k] - a[k] for a, b in per_game])
            for k in RATES
        }
    return out


def settlement(record: dict, rules) -> list[float]:
    """Each seat's final settlement, chips at the rule set's rate (the default when it keeps them apart)."""
    final = record["final"]
    paid = final.get("payout") or final["results"]
    chips = (final.get("side") or {}).get("chips")
    kept_apart = "chips.value" not in rules.values or not rules.values["chips.value"]
    if not chips or not kept_apart:
        return [float(x) for x in paid]
    return [p + DEFAULT_CHIP_RATE * c for p, c in zip(paid, chips, strict=True)]


def _edge_of(paid: list[float], seat: int) -> float:
    """The seat's settlement minus the other seats' mean."""
    return paid[seat] - sum(p for s, p in enumerate(paid) if s != seat) / (len(paid) - 1)


def edge(changes: list[str | None], games: int, seed: int, jobs: int) -> dict:
    """Per rule set: the aware seat's settlement minus the blind seats' mean, per game, with its interval; and the
    same less that seat's in the all-blind game on the same seed (``paired``: the walls' luck taken out)."""
    out = {}
    for change in changes:
        rules = rules_of(change)
        tasks, blind = [], []
        for i in range(games):
            names = ["human:blind"] * 4
            blind.append((change, i, seed, list(names)))
            names[i % 4] = "human"
            tasks.append((change, i, seed, names))
        mixed, plain = play(tasks, jobs), play(blind, jobs)
        raw, paired = [], []
        for i, (record, control) in enumerate(zip(mixed, plain, strict=True)):
            me = i % 4
            raw.append(_edge_of(settlement(record, rules), me))
            paired.append(raw[-1] - _edge_of(settlement(control, rules), me))
        out[change or "tenhou"] = {"aware_minus_blind": interval(raw), "paired": interval(paired)}
    return out


def stops(games: int, seed: int, preset: str = "tenhou") -> dict:
    """Under optional 和了り止め / 聴牌止め, four ``human``: how often the all-last dealer on top was offered the stop
    and how often it played on (counted around the player's own ``end_game``)."""
    from variants.riichi.human.player import HumanPlayer

    rules = RuleSet.resolve(preset, {"riichi.agari_yame": "optional", "riichi.tenpai_yame": "optional"}, ()).compile()
    answers: list[str] = []
    chosen = HumanPlayer.end_game

    def counted(self, obs, actions):
        answer = chosen(self, obs, actions)
        answers.append(answer.kind)
        return answer

    HumanPlayer.end_game = counted
    try:
        for i in range(games):
            play_game(rules, game_seed(seed, i), ["human"] * rules.flow.setup.seats, i)
    finally:
        HumanPlayer.end_game = chosen
    return {"offers": len(answers), "played_on": answers.count("play_on")}


def main() -> None:
    """Command line: the tables as JSON."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=("moves", "edge", "stops"))
    ap.add_argument("--preset", default="tenhou", help="stops: the preset played")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--agents", default="human")
    ap.add_argument("--only", action="append", default=[], help="a change of CHANGES (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    changes = args.only or list(CHANGES)
    if args.mode == "stops":
        result = stops(args.games, args.seed, args.preset)
    elif args.mode == "moves":
        result = moves(changes, args.games, args.seed, args.agents, args.jobs)
    else:
        result = edge([None if c == "tenhou" else c for c in changes], args.games, args.seed, args.jobs)
    print(json.dumps({"mode": args.mode, "games": args.games, "seed": args.seed, **result}, indent=1))


if __name__ == "__main__":
    main()

"""The benchmark commands, ``bench hand|game|runner``: run as ``mjsim bench ...`` or ``python -m benchmarks ...``."""

from __future__ import annotations

import json

import click


@click.group()
def bench() -> None:
    """Benchmarks (speed is measured here, never asserted in tests)."""


@bench.command("hand")
@click.option("--shanten-calls", default=50_000, show_default=True)
@click.option("--hands", "--winning-hands", "hands", default=2_000, show_default=True, help="winning hands to score")
@click.option("--seed", default=0, show_default=True)
@click.option("--no-peers", is_flag=True, help="do not measure the mahjong package")
@click.option("--json", "as_json", is_flag=True)
def bench_hand_cmd(shanten_calls, hands, seed, no_peers, as_json) -> None:
    """Time per shanten call and per scored win on one core, beside the mahjong package."""
    from benchmarks.hand import bench_hand, format_hand_report

    result = bench_hand(shanten_calls=shanten_calls, winning_hands=hands, seed=seed, peers=not no_peers)
    click.echo(json.dumps(result, indent=1) if as_json else format_hand_report(result))


@bench.command("game")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True)
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--no-peers", is_flag=True, help="do not measure riichienv")
@click.option("--agents", default="efficiency", show_default=True, help="bot names, repeated around the table")
@click.option("--json", "as_json", is_flag=True)
def bench_game_cmd(games, seed, preset, no_peers, agents, as_json) -> None:
    """Hands per second on one core with a bot line-up (four efficiency bots by default), and peak memory."""
    from benchmarks.game import bench_game, format_game_report

    result = bench_game(games=games, seed=seed, preset=preset, peers=not no_peers, agents=agents)
    click.echo(json.dumps(result, indent=1) if as_json else format_game_report(result))


@bench.command("runner")
@click.option("--games", default=200, show_default=True, type=click.IntRange(min=4))
@click.option("--seed", default=0, show_default=True)
@click.option("--no-ray", is_flag=True, help="leave the Ray backend out")
@click.option("--json", "as_json", is_flag=True)
def bench_runner_cmd(games, seed, no_ray, as_json) -> None:
    """Games per second with one worker, two workers and Ray; the digest must not change."""
    from benchmarks.runner import bench_runner, format_runner_report

    result = bench_runner(games=games, seed=seed, ray=not no_ray)
    click.echo(json.dumps(result, indent=1) if as_json else format_runner_report(result))

"""The benchmark commands (``bench hand|game|check|process|runner``): ``mjsim bench`` or ``python -m benchmarks``."""

from __future__ import annotations

import json

import click

from benchmarks.policies import LINEUPS

LINEUP_NAMES = tuple(LINEUPS)
# Options that several bench commands share, word for word.
BUILD = click.option(
    "--build",
    default="compiled",
    show_default=True,
    type=click.Choice(["compiled", "pure"]),
    help="the compiled build or pure Python",
)
AS_JSON = click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
GAMES_SEED = click.option("--seed", default=0, show_default=True, help="root seed of the games")


@click.group()
def bench() -> None:
    """Benchmarks (speed is measured here, never asserted in tests)."""


@bench.command("hand")
@click.option("--shanten-calls", default=50_000, show_default=True, help="shanten calls to time")
@click.option("--hands", "--winning-hands", "hands", default=2_000, show_default=True, help="winning hands to score")
@click.option("--seed", default=0, show_default=True, help="seed of the hands")
@click.option("--no-peers", is_flag=True, help="do not measure the mahjong package")
@AS_JSON
def bench_hand_cmd(shanten_calls, hands, seed, no_peers, as_json) -> None:
    """Time per shanten call and per scored win on one core, beside the mahjong package."""
    from benchmarks.hand import bench_hand, format_hand_report

    result = bench_hand(shanten_calls=shanten_calls, winning_hands=hands, seed=seed, peers=not no_peers)
    click.echo(json.dumps(result, indent=1) if as_json else format_hand_report(result))


@bench.command("game")
@click.option(
    "--lineup",
    "lineups",
    multiple=True,
    help=f"a line-up ({', '.join(LINEUP_NAMES)}) or bot names joined by commas; repeat it  [default: all five]",
)
@click.option(
    "--agents",
    multiple=True,
    help="a line-up as simulate's --agents names it, measured beside the efficiency bots (the yardstick)",
)
@click.option("--build", "builds", multiple=True, type=click.Choice(["compiled", "pure"]), help="[default: both]")
@click.option("--blocks", default=7, show_default=True, type=click.IntRange(min=1), help="rounds over the workers")
@click.option("--block-games", default=2, show_default=True, type=click.IntRange(min=1), help="games per block")
@GAMES_SEED
@click.option("--preset", default="tenhou", show_default=True, help="the rule set of the games")
@click.option("--no-peers", is_flag=True, help="do not measure riichienv")
@click.option("--profile", is_flag=True, help="add the profile split of every mjsim configuration")
@AS_JSON
def bench_game_cmd(lineups, agents, builds, blocks, block_games, seed, preset, no_peers, profile, as_json) -> None:
    """Hands per CPU-second of bot line-ups, compiled and pure, beside riichienv: one pinned worker each."""
    from benchmarks.game import BUILDS, bench_game, format_game_report

    chosen = (*lineups, *agents)
    if agents and "efficiency" not in chosen:
        chosen = ("efficiency", *chosen)  # why: a player's cost means something beside the bot everybody knows
    result = bench_game(
        lineups=chosen or LINEUP_NAMES,
        builds=tuple(builds) or BUILDS,
        blocks=blocks,
        block_games=block_games,
        seed=seed,
        preset=preset,
        peers=not no_peers,
        profile=profile,
    )
    click.echo(json.dumps(result, indent=1) if as_json else format_game_report(result))


@bench.command("check")
@BUILD
@click.option("--lineup", default="efficiency", show_default=True, help="the bots, as simulate's --agents names them")
@click.option(
    "--blocks",
    default=7,
    show_default=True,
    type=click.IntRange(min=1),
    help="rounds of unchecked and checked games",
)
@click.option("--block-games", default=2, show_default=True, type=click.IntRange(min=1), help="games per block")
@GAMES_SEED
@click.option("--preset", default="tenhou", show_default=True, help="the rule set of the games")
@AS_JSON
def bench_check_cmd(build, lineup, blocks, block_games, seed, preset, as_json) -> None:
    """The cost of simulate --check and --check-all against an unchecked run, by CPU seconds."""
    from benchmarks.game import bench_check, format_check_report

    result = bench_check(build, lineup, blocks, block_games, seed, preset)
    click.echo(json.dumps(result, indent=1) if as_json else format_check_report(result))


@bench.command("process")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1), help="games per process")
@GAMES_SEED
@click.option("--repeats", default=3, show_default=True, type=click.IntRange(min=1), help="processes of each side")
@click.option("--agents", default="efficiency", show_default=True, help="mjsim simulate's --agents")
@BUILD
@AS_JSON
def bench_process_cmd(games, seed, repeats, agents, build, as_json) -> None:
    """Whole processes, start-up included: mjsim simulate against riichienv's loop, by CPU seconds."""
    from benchmarks.process import bench_process, format_process_report

    result = bench_process(games=games, seed=seed, repeats=repeats, agents=agents, build=build)
    click.echo(json.dumps(result, indent=1) if as_json else format_process_report(result))


@bench.command("runner")
@click.option("--games", default=200, show_default=True, type=click.IntRange(min=4), help="games per configuration")
@GAMES_SEED
@click.option("--no-ray", is_flag=True, help="leave the Ray backend out")
@AS_JSON
def bench_runner_cmd(games, seed, no_ray, as_json) -> None:
    """Games per second with one worker, two workers and Ray; the digest must not change."""
    from benchmarks.runner import bench_runner, format_runner_report

    result = bench_runner(games=games, seed=seed, ray=not no_ray)
    click.echo(json.dumps(result, indent=1) if as_json else format_runner_report(result))

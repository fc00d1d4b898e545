"""``mjsim calibrate``: fit the human player's parameters to a reference and write a profile (TOML)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from mjsim.cli.options import complete_presets
from mjsim.errors import MjsimError
from variants.riichi.human.calibrate import BOUNDS, evaluator, fit, fitted_values, rounded_statistics, target_named
from variants.riichi.human.profile import Profile
from variants.riichi.human.profile_file import profile_toml, read_profile_file, shipped_profile

DEFAULT_PARAMS = "fold_weight,others_win_per_turn,closed_keep_ratio,value_exponent"
"""The parameters fitted unless --params names others."""


@click.command()
@click.option(
    "--preset",
    default="tenhou",
    show_default=True,
    help="the rule set the games are played by",
    shell_complete=complete_presets,
)
@click.option(
    "--target",
    default="phoenix",
    show_default=True,
    help="phoenix, dan3, or a reference file (TOML, e.g. one `mjsim stats --reference-out` wrote)",
)
@click.option("--params", default=DEFAULT_PARAMS, show_default=True, help="comma-separated parameters to fit")
@click.option("--base", default="defaults", show_default=True, help="start: defaults, a profile name or file")
@click.option("--games", type=click.IntRange(1, 100_000), default=40, show_default=True, help="games per evaluation")
@click.option("--iterations", type=click.IntRange(1, 10_000), default=30, show_default=True, help="evaluations")
@click.option("--seed", type=int, default=5, show_default=True, help="root seed of every evaluation's games")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="profile file to write (default: stdout)")
def calibrate(preset, target, params, base, games, iterations, seed, out) -> None:
    """Fit the human player to a reference's play statistics; write the profile with its statistics and command."""
    from mjsim.rules import RuleSet

    names = [n.strip() for n in params.split(",") if n.strip()]
    if not names:
        raise MjsimError("--params names no parameter")
    aim = target_named(target)
    unknown = [n for n in names if n not in {**BOUNDS, **aim.bounds}]
    if unknown:
        raise MjsimError(f"cannot fit {unknown[0]!r}; fittable parameters: {', '.join(sorted(BOUNDS))}")
    start = _start_profile(base)
    rules = RuleSet.resolve(preset, {}, ()).compile()
    evaluate = evaluator(rules, games, seed, rules.flow.setup.seats)
    result = fit(start, names, evaluate, aim, iterations, report=_progress)
    command = _command(preset, target, params, base, games, iterations, seed)
    note = f"Fitted by mjsim calibrate to {aim.name} ({aim.source}); loss {result.loss:.3f}, {iterations} evaluations."
    text = profile_toml(fitted_values(start, result.values), rounded_statistics(result.statistics),
                        {**aim.values, "han": aim.han}, command, note)  # fmt: skip
    if out is None:
        click.echo(text)
    else:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise MjsimError(f"cannot write {out}: {exc.strerror or exc}") from None
        fitted = ", ".join(f"{k}={v:.4g}" for k, v in result.values.items())
        click.echo(f"wrote {out}: loss {result.loss:.3f}, {fitted}")


def _progress(i: int, values: dict[str, float], got: float) -> None:
    """One line per evaluation on stderr."""
    shown = ", ".join(f"{k}={v:.4g}" for k, v in values.items())
    click.echo(f"evaluation {i}: loss {got:.3f} ({shown})", err=True)


def _start_profile(base: str) -> Profile:
    """The profile a fit starts from: the code's defaults, a shipped profile by name, or a profile file."""
    if base == "defaults":
        return Profile()
    return read_profile_file(base)[0] if base.endswith(".toml") else shipped_profile(base)


def _command(preset, target, params, base, games, iterations, seed) -> str:
    """The command line that makes the same profile again."""
    parts = ["mjsim", "calibrate", "--preset", preset, "--target", target, "--params", params, "--base", base]
    parts += ["--games", str(games), "--iterations", str(iterations), "--seed", str(seed)]
    return shlex.join(parts)

"""The riichi family's command line: ``replay`` of Tenhou logs, ``score --cases`` and the situation flags."""

from __future__ import annotations

import json
import sys

import click

from mjsim.cli import ScoreMode, SituationFlag, quiet_option
from mjsim.rules import RuleSet

# (flag, situation name, whether it makes the win self-drawn, help)
SITUATIONS = (
    ("--riichi", "riichi", False, None),
    ("--double-riichi", "double_riichi", False, None),
    ("--ippatsu", "ippatsu", False, None),
    ("--rinshan", "rinshan", False, None),
    ("--chankan", "chankan", False, None),
    ("--haitei", "haitei", False, None),
    ("--houtei", "houtei", False, None),
    ("--tenhou", "tenhou", True, "天和: the dealer's first draw"),
    ("--chiihou", "chiihou", True, None),
    ("--renhou", "renhou", False, None),
    ("--open-riichi", "open_riichi", False, "オープン立直: the winner's riichi showed the hand (with --riichi)"),
    ("--open-riichi-deal-in", "open_riichi_deal_in", False, "a ron from a player not in riichi into an open riichi"),
)


def register(cli: click.Group) -> None:
    """Add ``replay`` to the group and the riichi flags and ``--cases`` to its ``score`` command."""
    cli.add_command(replay)
    score = cli.commands["score"]
    if any(isinstance(p, SituationFlag) and p.situation == "riichi" for p in score.params):
        return  # already added (a second group built from the same command)
    flags = [SituationFlag(flag, name, tsumo=tsumo, help=text) for flag, name, tsumo, text in SITUATIONS]
    _insert_after(score, "tsumo", flags)
    cases = ScoreMode(
        "--cases",
        score_cases,
        "--cases FILE",
        type=click.Path(dir_okay=False),
        help="score every case of a file and compare",
    )
    _insert_after(score, "extra", [cases])


def _insert_after(command: click.Command, name: str, params: list[click.Parameter]) -> None:
    """Put ``params`` right after the parameter ``name`` (so ``--help`` lists them where they belong)."""
    at = next(i for i, p in enumerate(command.params) if p.name == name) + 1
    command.params[at:at] = params


def score_cases(path: str, ruleset: RuleSet, as_json: bool) -> int:
    """Compare every case of a file; exit status 0 only when all agree."""
    from variants.riichi.conformance import CaseScorer, summarize
    from variants.riichi.logs.agari_cases import read_cases

    scorer = CaseScorer(ruleset)
    summary = summarize(scorer.check(case) for case in read_cases(path))
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        click.echo(
            f"{summary['total']} cases: {summary['agree']} agree, {summary['disagree']} disagree, "
            f"{summary['errors']} errors, {summary['skipped']} skipped"
        )
        for m in summary["mismatches"]:
            click.echo(f"  {m['id']}: {m['status']} {m['differences'] or m['detail']}")
    return 0 if summary["disagree"] == summary["errors"] == 0 else 1


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True)
@quiet_option
def replay(paths, as_json) -> None:
    """Replay real Tenhou games (mjlog XML or tenhou.net/6 JSON) through the engine and compare every round."""
    from mjsim.runner.progress import Progress
    from variants.riichi.logs.load import load_logs
    from variants.riichi.logs.replay import replay_game, summarize_replay

    logs = load_logs(paths)
    outcomes = []
    with Progress(len(logs)) as progress:
        for game in logs:
            outcomes.extend(replay_game(game))
            progress.advance()
    summary = summarize_replay(outcomes, len(logs))
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        click.echo(
            f"{summary['games']} games, {summary['rounds']} rounds: {summary['rounds_agree']} of "
            f"{summary['rounds_replayed']} replayed rounds agree, {len(summary['skipped'])} skipped"
        )
        for m in summary["mismatches"]:
            click.echo(f"  {m['source']} round {m['round']}: {m['detail']}")
    sys.exit(0 if summary["rounds_agree"] == summary["rounds_replayed"] else 1)

"""The riichi family's command line: ``calibrate``, ``score --cases`` and the situation flags (Tenhou logs are
replayed by mjsim's ``replay`` through ``variants/riichi/logs/reader.py``)."""

from __future__ import annotations

import json

import click

from mjsim.cli import ScoreMode, SituationFlag, TableFact
from mjsim.rules import RuleSet
from variants.riichi.table_facts import DORA, HONBA, STICKS, URA

# (flag, situation name, whether it makes the win self-drawn, help)
SITUATIONS = (
    ("--riichi", "riichi", False, "立直: the winner declared riichi"),
    ("--double-riichi", "double_riichi", False, "ダブル立直: riichi on the first turn"),
    ("--ippatsu", "ippatsu", False, "一発: within one go-around of the riichi"),
    ("--rinshan", "rinshan", False, "嶺上開花: on the replacement tile of a kan"),
    ("--chankan", "chankan", False, "搶槓: robbing an added kan"),
    ("--haitei", "haitei", False, "海底: self-drawn on the last tile of the wall"),
    ("--houtei", "houtei", False, "河底: ron on the last discard"),
    ("--tenhou", "tenhou", True, "天和: the dealer's first draw"),
    ("--chiihou", "chiihou", True, "地和: a non-dealer's first draw, before any call"),
    ("--renhou", "renhou", False, "人和: ron before the winner's first draw"),
    ("--open-riichi", "open_riichi", False, "オープン立直: the winner's riichi showed the hand (with --riichi)"),
    ("--open-riichi-deal-in", "open_riichi_deal_in", False, "a ron from a player not in riichi into an open riichi"),
)

# The table around a win, for every preset of the riichi family (the core's context keeps it in WinContext.table).
TABLE_FACTS = [
    TableFact("--dora", DORA, "riichi", tiles=True, help="dora indicator(s), e.g. --dora 3m or --dora 3m4z"),
    TableFact("--ura", URA, "riichi", tiles=True, help="ura dora indicator(s)"),
    TableFact("--honba", HONBA, "riichi", help="repeat counters (本場) on the table"),
    TableFact("--sticks", STICKS, "riichi", help="riichi sticks on the table"),
]


def register(cli: click.Group) -> None:
    """Add ``calibrate`` to the group and the riichi flags, table facts and ``--cases`` to its ``score`` command."""
    from variants.riichi.human.calibrate_cli import calibrate

    cli.add_command(calibrate)
    score = cli.commands["score"]
    if any(isinstance(p, SituationFlag) and p.situation == "riichi" for p in score.params):
        return  # already added (a second group built from the same command)
    flags = [SituationFlag(flag, name, tsumo=tsumo, help=text) for flag, name, tsumo, text in SITUATIONS]
    _insert_after(score, "tsumo", flags + TABLE_FACTS)
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

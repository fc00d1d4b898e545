"""Score winning-hand cases and compare them with what the source recorded."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules import Rules, RuleSet
from mjsim.scoring.win_input import refuse_impossible
from variants.riichi.logs.agari_cases import Case


@dataclass
class Outcome:
    """The comparison of one case: ``agree``, ``disagree``, ``error`` or ``skipped``."""

    id: str
    status: str
    differences: dict[str, Any] = field(default_factory=dict)
    detail: str = ""


class CaseScorer:
    """Scores cases under a base rule set, compiling each distinct set of overrides once."""

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self._compiled: dict[tuple, Rules] = {}
        self._bases: dict[int, RuleSet] = {}

    def rules_for(self, overrides: dict[str, Any], players: int = 4) -> Rules:
        """The compiled rules for one case's table options (and its number of players)."""
        key = (players, *sorted((k, str(v)) for k, v in overrides.items()))
        if key not in self._compiled:
            self._compiled[key] = self._base(players).with_options(overrides).compile()
        return self._compiled[key]

    def _base(self, players: int) -> RuleSet:
        """The rule set a case of ``players`` is scored under: the given one when it seats them, else sanma's."""
        if players == 4:
            return self.ruleset
        if players not in self._bases:
            from variants.sanma.rulesets import is_three_player, tenhou_sanma

            self._bases[players] = self.ruleset if is_three_player(self.ruleset) else tenhou_sanma()
        return self._bases[players]

    def check(self, case: Case) -> Outcome:
        """Score one case and compare fu, han, points, yaku and score changes."""
        if case.skip:
            return Outcome(case.id, "skipped", detail=case.skip)
        rules = self.rules_for(case.overrides, case.players)
        ctx = case.ctx
        try:
            refuse_impossible(ctx, rules)
        except MjsimError as exc:  # a case no game can give is an error of the file, never an agreement
            return Outcome(case.id, "error", detail=str(exc))
        try:
            score = rules.score_win(ctx=ctx, rules=rules)
        except MjsimError as exc:
            if case.expected.error:
                return Outcome(case.id, "agree", detail=f"no win: {exc}")
            return Outcome(case.id, "disagree", {"error": (None, str(exc))})
        if case.expected.error:
            return Outcome(case.id, "disagree", {"error": (case.expected.error, None)})
        return _compare(case, score, rules)


def _compare(case: Case, score, rules: Rules) -> Outcome:
    """The differences between a score and the recorded result."""
    exp = case.expected
    got: dict[str, Any] = {"fu": score.detail.fu, "han": score.detail.han, "points": score.value}
    if exp.deltas is not None:
        seats = len(score.payments)  # the source's 4th entry is 0 at a three-player table
        got["deltas"] = tuple(
            score.payments[(seat - case.dealer_seat) % seats] if seat < seats else 0 for seat in range(len(exp.deltas))
        )
    if exp.winner_gain is not None:
        got["winner_gain"] = score.payments[case.ctx.seat]
    if exp.yaku_ids is not None:
        got["yaku_ids"] = _tenhou_ids(score, rules)
    want = {
        "fu": exp.fu,
        "han": exp.han,
        "points": exp.points,
        "deltas": exp.deltas,
        "winner_gain": exp.winner_gain,
        "yaku_ids": exp.yaku_ids,
    }
    diffs = {k: (want[k], got[k]) for k in got if want.get(k) is not None and want[k] != got[k]}
    return Outcome(case.id, "disagree" if diffs else "agree", diffs)


def _tenhou_ids(score, rules: Rules) -> frozenset[int]:
    """Tenhou's ids of the patterns that scored (yakuman only, when there are any)."""
    ids = {p.name: p.ids.get("tenhou") for p in rules.patterns}
    hits = [h for h in score.hits if h.value > 0 or h.multiple]
    return frozenset(i for h in hits if (i := ids.get(h.name)) is not None)


def summarize(outcomes: Iterable[Outcome], first: int = 10) -> dict[str, Any]:
    """Counts and the first mismatches, as ``mjsim score --cases --json`` prints them."""
    outcomes = list(outcomes)
    count = lambda status: sum(o.status == status for o in outcomes)  # noqa: E731
    bad = [o for o in outcomes if o.status in ("disagree", "error")]
    return {
        "total": len(outcomes),
        "agree": count("agree"),
        "disagree": count("disagree"),
        "errors": count("error"),
        "skipped": count("skipped"),
        "skipped_reasons": sorted({o.detail for o in outcomes if o.status == "skipped"}),
        "mismatches": [
            {"id": o.id, "status": o.status, "differences": _jsonable(o.differences), "detail": o.detail}
            for o in bad[:first]
        ],
    }


def _jsonable(diffs: dict[str, Any]) -> dict[str, Any]:
    return {k: [sorted(x) if isinstance(x, frozenset) else x for x in v] for k, v in diffs.items()}

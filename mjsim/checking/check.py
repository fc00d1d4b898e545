"""``mjsim check``: Hypothesis plays games under a rule set and checks every invariant after every step.

An example is a game seed, a bot per seat and a steering rate. At a steered decision Hypothesis picks one of
the legal actions itself, otherwise the seat's bot decides, so Hypothesis can steer games into odd corners and
a failure shrinks towards plain bot play on a small seed. The minimal failing game is played once more to
report its events and to save it as an mjsim game log (``docs/game_log.md``) for ``mjsim replay``. With
``vary_options`` every example also draws the rule set's numeric options (``mjsim.checking.option_draws``), extremes of
their ranges included, and plays under those values; a failure names the values it needs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, reject
from hypothesis import seed as hypothesis_seed
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.checking.invariants import CORE, LEDGER_CHECKS, check_step, step_mark
from mjsim.checking.option_draws import format_setting, option_strategy, varied_options
from mjsim.engine import core
from mjsim.engine.actions import DECLARE_DISCARD, TABLE, Action, Event, Transfer
from mjsim.engine.wall import derive_seed
from mjsim.errors import MjsimError
from mjsim.hand.notation import format_kinds
from mjsim.hand.tiles import kind_of
from mjsim.progress import Progress
from mjsim.rules import Rules, RuleSet
from mjsim.rules.plugins import installed_variants

BOTS = ("tsumogiri", "random", "efficiency", "defensive")  # shrinking moves towards the first, the simplest
STEP_CAP = 2000  # steps per game at most: a variant that never ends a game must not hang the check
MAX_STEER = 25  # the highest share (per cent) of decisions Hypothesis may take over from the bots in a game
DRAW_BUDGET = 2000  # steering draws per game at most, so a long game stays inside Hypothesis's 8 KiB buffer
EVENTS_SHOWN = 20
COMPILED_KEPT = 256  # rule sets compiled for drawn options kept at once (--vary-options)
WINDS = "ESWN"

Choices = dict[int, Action]
Chooser = Callable[[Any, dict[int, list[Action]]], Choices]


@dataclass(frozen=True)
class Counterexample:
    """The minimal failing game Hypothesis found, as its re-play showed it."""

    seed: int
    agents: tuple[str, ...]
    step: int  # the failing step, counted from 1
    message: str
    events: tuple[str, ...]  # the last events up to the failure, one readable line each
    log_path: Path | None  # the game up to the failure as an mjsim game log
    steered: int = 0  # decisions Hypothesis took over from the bots
    decisions: int = 0
    reproduced: bool = True  # the re-play failed at the same step with the same message
    hand_logged: bool = True  # the failing hand finished (else the log holds it up to the failure, without a record)
    log_error: str = ""  # why the log could not be written, when it could not
    options: tuple[tuple[str, Any], ...] = ()  # option values drawn by --vary-options that differ from the rule set


@dataclass(frozen=True)
class CheckResult:
    """What ``run_check`` found: whether every example held, and the counterexample when one did not."""

    preset: str
    plugins: tuple[str, ...]
    examples_run: int  # examples generated up to the first failure (all of them when none failed)
    passed: bool
    invariants: tuple[str, ...]
    counterexample: Counterexample | None
    elapsed: float  # seconds, shrinking and the re-play included
    shrink_runs: int = 0  # games Hypothesis played while shrinking the failure
    varied: bool = False  # each example drew the numeric options too (--vary-options)


@dataclass
class _Outcome:
    """One played game: the actions chosen at each step and the violations of its last step."""

    game: Any = None
    choices: list[Choices] = field(default_factory=list)
    step: int = 0
    mark: int = 0  # log length before the last step, to mark that step's events
    messages: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Case:
    """A failing example, with everything needed to play it again without Hypothesis."""

    seed: int
    agents: tuple[str, ...]
    choices: tuple[Choices, ...]
    step: int
    message: str
    steered: int
    decisions: int
    options: tuple[tuple[str, Any], ...] = ()  # the drawn option values that differ from the rule set's


class _Failure(Exception):
    """Raised inside the Hypothesis test so that Hypothesis shrinks the example; carries the case."""

    def __init__(self, case: _Case) -> None:
        """Keep the case; its message is the exception's."""
        super().__init__(case.message)
        self.case = case


@dataclass
class _Stats:
    """How many games the Hypothesis test played, and which one failed first."""

    runs: int = 0
    first_failure: int = 0
    progress: Progress | None = None  # counts every game played, the shrinking ones too
    vary: bool = False  # draw the numeric options per example
    compiled: dict[tuple, Rules] = field(default_factory=dict)  # rule sets compiled for drawn options, by values


# --- The API --------------------------------------------------------------------------------------


def run_check(
    preset: str,
    settings: Mapping[str, str] = {},  # noqa: B006 - the signature the CLI calls; only read, never changed
    plugins: Sequence[str] = (),
    examples: int = 100,
    seed: int = 0,
    out_dir: Path | None = None,
    vary_options: bool = False,
) -> CheckResult:
    """Play ``examples`` Hypothesis-generated games under ``preset`` and check every invariant after every step.

    ``vary_options``: every example also draws a value for each numeric option (within its declared range)."""
    started = time.perf_counter()
    if examples < 1:
        raise MjsimError(f"examples must be at least 1, got {examples}")
    rules = compile_rules(preset, settings, plugins)
    case, stats = _search(rules, examples, seed, vary_options)
    found = None
    if case is not None:
        found = _counterexample(rules, case, out_dir or Path(f"mjsim-check-{Path(preset).stem}"))
    return CheckResult(
        preset=preset,
        plugins=tuple(plugins),
        examples_run=stats.first_failure or stats.runs,
        passed=case is None,
        invariants=invariant_names(rules),
        counterexample=found,
        elapsed=time.perf_counter() - started,
        shrink_runs=stats.runs - stats.first_failure if case is not None else 0,
        varied=vary_options,
    )


def compile_rules(preset: str, settings: Mapping[str, str], plugins: Sequence[str]) -> Rules:
    """The preset with ``settings`` overrides and the plugin modules after its variants (so they take precedence)."""
    rules = RuleSet.resolve(preset, settings, plugins).compile()
    rules.require_play()
    return rules


def invariant_names(rules: Rules) -> tuple[str, ...]:
    """Every check a run applies: the core invariants, the variants' own, and the ledger checks."""
    return tuple(name for name, _ in CORE + list(rules.flow.invariants)) + LEDGER_CHECKS


def format_check(result: CheckResult) -> str:
    """One line when every example held; otherwise the counterexample and the command that re-runs it."""
    what = " + ".join((result.preset, *result.plugins))
    varied = " (numeric options varied)" if result.varied else ""
    head = (
        f"mjsim check: {what}, {_plural(result.examples_run, 'example')}{varied}, "
        f"{_plural(len(result.invariants), 'invariant')}"
    )
    if result.passed or result.counterexample is None:
        return f"{head}: passed"
    return "\n".join([f"{head}: FAILED", *_failure_lines(result, result.counterexample)])


# --- Playing one game ------------------------------------------------------------------------------


def _play(rules: Rules, seed: int, choose: Chooser) -> _Outcome:
    """Play until the game ends, the step cap or the first violation, checking everything after every step."""
    out = _Outcome()
    try:
        out.game = game = core.new_game(rules, seed)
        for step in range(1, STEP_CAP + 1):
            offers = core.pending(game)
            if not offers:
                break
            before = step_mark(game)
            out.step, out.mark = step, before.log_start
            out.choices.append(choose(game, offers))
            core.step(game, out.choices[-1])
            out.messages = check_step(game, before)
            if out.messages:
                break
    except HypothesisException:
        raise
    except Exception as exc:  # a broken variant may crash the engine or a bot: that is a finding, not a crash
        out.messages = [f"raised {type(exc).__name__}: {exc}"]
    return out


class _Steering:
    """Chooses every seat's action: Hypothesis at about ``rate`` per cent of the decisions, the seat's bot otherwise."""

    # Hypothesis draws how many bot decisions come before its next pick, not a coin per decision: with a coin
    # most drawn values change nothing, and half the examples of a run were repeats of another; with gaps every
    # value moves a pick, and deleting a pick while shrinking hands that decision back to the bot.

    def __init__(self, data: Any, rules: Rules, names: Sequence[str], seed: int, rate: int) -> None:
        """The bots seeded from the game seed (as ``mjsim simulate`` seeds them) and the first countdown."""
        self.data, self.rate = data, rate
        rngs = [random.Random(derive_seed(seed, "agent", i)) for i in range(len(names))]
        self.bots = [make_agent(name, rng, rules) for name, rng in zip(names, rngs, strict=True)]
        self.decisions = self.steered = self.draws = 0
        self.countdown = self._gap()

    def __call__(self, game: Any, offers: dict[int, list[Action]]) -> Choices:
        """One action for each seat that must decide."""
        return {seat: self._decide(game, seat, actions) for seat, actions in offers.items()}

    def _decide(self, game: Any, seat: int, actions: list[Action]) -> Action:
        """Hypothesis's pick when its countdown runs out at a real choice, else the bot's."""
        self.decisions += 1
        if self.countdown is None or len(actions) == 1:
            return self.bots[game.player_at(seat)].act(observe(game, seat), actions)
        if self.countdown:
            self.countdown -= 1
            return self.bots[game.player_at(seat)].act(observe(game, seat), actions)
        self.steered += 1
        pick = actions[self._draw(_upto(len(actions) - 1))]
        self.countdown = self._gap()
        return pick

    def _gap(self) -> int | None:
        """Bot decisions until Hypothesis's next pick (None: no more picks), ``100 / rate`` on average."""
        if not self.rate or self.draws >= DRAW_BUDGET:
            return None
        return self._draw(_upto(200 // self.rate - 2))

    def _draw(self, strategy: st.SearchStrategy[int]) -> int:
        """A value drawn by Hypothesis, counted against the budget."""
        self.draws += 1
        return self.data.draw(strategy)


@cache
def _upto(top: int) -> st.SearchStrategy[int]:
    """``integers(0, top)``, built once: the steering draws one for nearly every pick."""
    return st.integers(0, top)


# --- The Hypothesis search -------------------------------------------------------------------------


def _search(rules: Rules, examples: int, seed: int, vary: bool = False) -> tuple[_Case | None, _Stats]:
    """Run the Hypothesis test; the shrunk failing case, if any, and how many games it took."""
    with Progress(examples, label=f"{rules.ruleset.name}: ", unit="examples") as progress:
        stats = _Stats(progress=progress, vary=vary)
        try:
            _hypothesis_test(rules, stats, examples, seed)()
        except _Failure as failure:
            return failure.case, stats
        except BaseExceptionGroup as group:  # Hypothesis wraps a failure that did not repeat (FlakyFailure)
            failure = _first_failure(group)
            if failure is None:
                raise
            return failure.case, stats
        return None, stats


def _hypothesis_test(rules: Rules, stats: _Stats, examples: int, seed: int) -> Callable[[], None]:
    """The Hypothesis test of one run: it plays one generated game and raises ``_Failure`` on a violation."""

    @hypothesis_seed(seed)  # the run's seed, so the same command finds the same examples
    @_settings(examples)
    @given(st.data())
    def every_step_holds(data: Any) -> None:
        """Every invariant holds after every step of the generated game."""
        case = _play_example(*_example_rules(rules, data, stats), data)
        stats.runs += 1  # counted once played: Hypothesis abandons some examples part way (StopTest)
        if stats.progress is not None:
            stats.progress.advance()
        if case is not None:
            stats.first_failure = stats.first_failure or stats.runs
            raise _Failure(case)

    return every_step_holds


def _settings(examples: int) -> hypothesis_settings:
    """Deterministic, quiet settings: no example database, no deadline, games are slow and large by nature."""
    return hypothesis_settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
            HealthCheck.filter_too_much,  # drawn tuples that miss their total are filtered; --vary-options only
        ],
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        print_blob=False,
    )


def _example_rules(rules: Rules, data: Any, stats: _Stats) -> tuple[Rules, tuple[tuple[str, Any], ...]]:
    """The rule set of one example and the drawn values that differ from ``rules`` (with --vary-options)."""
    if not stats.vary:
        return rules, ()
    drawn: dict[str, Any] = {}
    for key in varied_options(rules.declared):
        numbers = rules.declared[key].numbers
        floor = drawn.get(numbers.at_least, rules.get(numbers.at_least)) if numbers.at_least else None
        drawn[key] = data.draw(option_strategy(rules.declared[key], rules[key], floor), label=key)
    changed = tuple((key, value) for key, value in drawn.items() if value != rules[key])
    if changed not in stats.compiled:
        if len(stats.compiled) >= COMPILED_KEPT:
            stats.compiled.clear()  # shrinking may try thousands of value sets; a few hundred rule sets suffice
        try:
            stats.compiled[changed] = with_options(rules, changed)
        except MjsimError:
            reject()  # a combination the rule set refuses (e.g. a relation between two options) is no game
    return stats.compiled[changed], changed


def with_options(rules: Rules, options: Sequence[tuple[str, Any]]) -> Rules:
    """``rules`` compiled again with ``options`` over its values (``rules`` itself when there are none)."""
    return rules.ruleset.with_options(dict(options)).compile() if options else rules


def _play_example(rules: Rules, options: tuple[tuple[str, Any], ...], data: Any) -> _Case | None:
    """Draw a game seed, the bots and a steering rate, play the game; the failing case, or None."""
    seed = data.draw(st.integers(0, 2**32 - 1), label="game seed")
    seats = rules.flow.setup.seats
    names = tuple(data.draw(st.sampled_from(BOTS), label=f"bot of seat {i}") for i in range(seats))
    steering = _Steering(data, rules, names, seed, data.draw(st.integers(0, MAX_STEER), label="steer %"))
    out = _play(rules, seed, steering)
    if not out.messages:
        return None
    message = "; ".join(out.messages)
    return _Case(seed, names, tuple(out.choices), out.step, message, steering.steered, steering.decisions, options)


def _first_failure(group: BaseExceptionGroup) -> _Failure | None:
    """The first ``_Failure`` inside a (nested) exception group."""
    for exc in group.exceptions:
        found = _first_failure(exc) if isinstance(exc, BaseExceptionGroup) else exc
        if isinstance(found, _Failure):
            return found
    return None


# --- The counterexample ----------------------------------------------------------------------------


def _counterexample(rules: Rules, case: _Case, out_dir: Path) -> Counterexample:
    """Play the shrunk case again from its recorded actions: its events, and its log written to ``out_dir``."""
    moves = iter(case.choices)
    rules = with_options(rules, case.options)
    again = _play(rules, case.seed, lambda game, offers: next(moves))
    log_path, log_error = _write_log(again.game, out_dir / f"counterexample_seed{case.seed}.json", case.agents)
    return Counterexample(
        seed=case.seed,
        agents=case.agents,
        step=case.step,
        message=case.message,
        events=_event_lines(again),
        log_path=log_path,
        steered=case.steered,
        decisions=case.decisions,
        reproduced=again.step == case.step and "; ".join(again.messages) == case.message,
        hand_logged=again.game is None or any(e.kind == "hand_end" for e in again.game.log[again.mark :]),
        log_error=log_error,
        options=case.options,
    )


def _write_log(game: Any, path: Path, names: Sequence[str]) -> tuple[Path | None, str]:
    """The game up to the failure as an mjsim game log (its hands so far); the path, or why not written."""
    from mjsim.gamelog.formats import log_suffix, log_writer

    if game is None:
        return None, "the game did not start"
    try:
        writer = log_writer(game.rules, "the counterexample log")
        path = path.with_suffix(log_suffix(writer))
        text = writer(game, tuple(names))
    except Exception as exc:  # a broken variant can make games the exporter cannot write; keep the counterexample
        return None, str(exc) if isinstance(exc, MjsimError) else f"{type(exc).__name__}: {exc}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path, ""


def _failure_lines(result: CheckResult, found: Counterexample) -> list[str]:
    """The counterexample block of ``format_check``."""
    lines = [
        f"  falsified by example {result.examples_run}, shrunk over {_plural(result.shrink_runs, 'more game')} to:",
        f"  game seed {found.seed}, bots {', '.join(found.agents)} "
        f"({found.steered} of {_plural(found.decisions, 'decision')} chosen by Hypothesis)",
        f"  step {found.step}: {found.message}",
    ]
    if found.options:
        settings = " ".join(f"--set {key}={format_setting(value)}" for key, value in found.options)
        lines.append(f"  under the drawn options: {settings}")
    if not found.reproduced:
        lines.append("  warning: the re-play of the recorded actions did not fail the same way (non-deterministic?)")
    lines.append(f"  last {_plural(len(found.events), 'event')} ('>' marks the failing step):")
    lines += [f"    {line}" for line in found.events]
    if found.log_path is None:
        lines.append(f"  log not written: {found.log_error}")
        return lines
    lines.append(f"  log: {found.log_path}")
    if not found.hand_logged:
        lines.append("  (the failing hand did not finish: the log holds it up to the failing step)")
    allow = "".join(f"--allow-plugin {p} " for p in result.plugins if p not in installed_variants())
    lines.append(f"  re-run: mjsim {allow}replay {found.log_path}")  # a log names only the variants you allow
    if result.plugins:
        lines.append("  (mjsim replay re-runs the log under its logged rule set, plugins included: run it where")
        lines.append("   the plugins are importable by their names)")
    return lines


def _plural(count: int, noun: str) -> str:
    """``1 example``, ``2 examples``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# --- Readable events --------------------------------------------------------------------------------


def _event_lines(out: _Outcome) -> tuple[str, ...]:
    """The last ``EVENTS_SHOWN`` events of a played game, ``>`` marking those of its last step."""
    if out.game is None:
        return ()
    log = out.game.log
    describe = _Describer(out.game.rules.flow.setup.red_ids)
    start = max(0, len(log) - EVENTS_SHOWN)
    return tuple(f"{i:>5} {'>' if i >= out.mark else ' '} {describe.line(log[i])}" for i in range(start, len(log)))


class _Describer:
    """One readable line per engine event."""

    def __init__(self, red_ids: frozenset[int]) -> None:
        """Red fives are written ``0``, so the rule set's red ids are needed."""
        self.red_ids = red_ids

    def tile(self, tile: int) -> str:
        """``5m``, ``0m`` for a red five, the raw id for anything that is not a tile."""
        try:
            text = format_kinds([kind_of(tile)])
        except (MjsimError, IndexError, TypeError, ValueError):
            return str(tile)
        return "0" + text[1:] if tile in self.red_ids else text

    def tiles(self, tiles: Sequence[int]) -> str:
        """Several tiles, each as ``tile`` writes it."""
        return "".join(self.tile(t) for t in tiles)

    def line(self, event: Event) -> str:
        """The line of one event, or its raw fields when a variant gave it data this does not expect."""
        try:
            return self.describe(event)
        except Exception:  # the report of a broken variant's game must not break on the variant's odd events
            return f"{event.kind} seat {event.seat}: {event.data!r}"

    def describe(self, event: Event) -> str:
        """The line of one event (its raw fields for a kind this does not know)."""
        kind, seat, data = event
        simple = {"draw": "draws", "discard": "discards", "bonus": "sets aside", "kakan": "adds a kan with"}
        if kind in simple:
            return f"seat {seat} {simple[kind]} {self.tile(data)}"
        if kind == DECLARE_DISCARD:  # the riichi family's riichi, Taiwan's MIGI
            return f"seat {seat} declares and discards {self.tile(data)}"
        if kind == "indicator":  # the riichi family's dora indicator
            return f"indicator {self.tile(data)} turned"
        if kind in ("chi", "pon", "kan"):
            return f"seat {seat} calls {kind} on {self.tile(data[0])} from seat {data[2]} with {self.tiles(data[1])}"
        if kind == "ankan":
            return f"seat {seat} declares a concealed kan of {self.tiles(data)}"
        if kind == "deal":
            return "tiles dealt"
        method = getattr(self, f"_{kind}", None)
        return method(seat, data) if method else f"{kind} seat {seat}: {data!r}"

    def _transfer(self, seat: int | None, t: Transfer) -> str:
        """``seat 0 pays seat 3 1300 (win)``."""
        payer, payee = (f"seat {a}" if a != TABLE else "the table" for a in (t.payer, t.payee))
        return f"{payer} pays {payee} {t.amount} ({t.reason})"

    def _win(self, seat: int, data: dict) -> str:
        """How the seat won, on what, and what the hand is worth."""
        score, source = data["score"], data["from"]
        how = "tsumo" if source is None else f"ron from seat {source}"
        hits = ", ".join(h.name for h in score.hits if not h.bonus) or "no pattern"
        label = score.detail.label()
        worth = f"{score.value}" + (f" ({label})" if label else "")
        return f"seat {seat} wins by {how} on {self.tile(data['tile'])}: {hits}, worth {worth}"

    def _hand_start(self, dealer: int, data: dict) -> str:
        """Which hand starts (``E2, 1 honba``) and the scores it starts from."""
        wind = WINDS[(data["round"] - 27) % len(WINDS)]
        return (
            f"hand {data['index']} starts: {wind}{dealer + 1}, {data['honba']} honba, "
            f"scores {' '.join(map(str, data['scores']))}, table {data['table']}"
        )

    def _draw_end(self, seat: int | None, outcome: dict) -> str:
        """Why the hand was drawn, and who was ready."""
        tenpai = f", tenpai seats {outcome['tenpai']}" if "tenpai" in outcome else ""
        return f"hand drawn ({outcome['draw']}){tenpai}"

    def _hand_end(self, seat: int | None, data: dict) -> str:
        """Who deals next, or that the game ends."""
        nxt = data["next"]
        return "hand over; the game ends" if nxt.over else f"hand over; next dealer seat {nxt.dealer}"

    def _game_end(self, seat: int | None, final: dict) -> str:
        """The final points."""
        return f"game over: points {final.get('points')}"

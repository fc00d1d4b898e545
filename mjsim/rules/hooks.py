"""The typed facade over the game-flow hooks, and the compile-time checks of a variant's hook implementations.

The engine, the observation, the invariants and the variants call hooks only through :class:`Hooks` (kept at
``rules.flow``). Each hook is resolved once when the rules compile: plain implementations are called directly
(one alone, or several in pluggy's order and with its answer), anything with a wrapper through pluggy's hook
caller, so implementations may take any subset of a hook's arguments and wrappers, ``tryfirst`` and
``trylast`` behave as pluggy documents.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pluggy

from mjsim import hookspecs
from mjsim.engine.outcomes import ClaimResult, ContinueAfterWin, DrawSettlement, NextHand, Refusal
from mjsim.errors import MjsimError

# The engine's objects by their shape (mjsim/rules/shapes.py says why: this module is compiled, and compiled code
# checks every argument typed with a compiled class, while the facade must take stand-in games and melds).
from mjsim.rules.shapes import Action, Event, Game, Meld, Score, Transfer, WinContext

CHAIN_HOOKS = frozenset({"mjsim_legal_actions"})
"""Hooks whose implementations run one after another, each given the previous one's result (not one pluggy call)."""


# --- Registration: what a variant may implement ----------------------------------------------------------------


def register_variant(pm: pluggy.PluginManager, module: ModuleType, name: str) -> None:
    """Register ``module`` as variant ``name``; a hook implementation pluggy would refuse is refused in one line."""
    for attr in dir(module):
        opts = pm.parse_hookimpl_opts(module, attr)
        if opts is not None:
            _check_impl(pm, name, opts.get("specname") or attr, opts)
    try:
        pm.register(module, name=name)
    except pluggy.PluginValidationError as exc:
        raise MjsimError(_one_line(name, str(exc))) from None


def _check_impl(pm: pluggy.PluginManager, variant: str, hook: str, opts) -> None:
    """Refuse an implementation of no hook (a typo) and a wrapper on a chain hook."""
    caller = getattr(pm.hook, hook, None)
    if caller is None or not caller.has_spec():
        close = difflib.get_close_matches(hook, _hook_names(), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise MjsimError(f"variant {variant!r}: {hook} is not a hook of mjsim.hookspecs{hint}")
    if hook in CHAIN_HOOKS and (opts.get("wrapper") or opts.get("hookwrapper")):
        raise MjsimError(
            f"variant {variant!r}, hook {hook}: a wrapper is refused; the implementations run as a chain "
            "(each gets the previous one's list), so filter the list in a plain @hookimpl"
        )


def _hook_names() -> list[str]:
    """The names of every hook the variant API declares."""
    return [name for name in vars(hookspecs) if name.startswith("mjsim_")]


def _one_line(variant: str, message: str) -> str:
    """pluggy's several-line validation message as one line naming the variant and the hook."""
    hook = re.search(r"hook '(\w+)'", message)
    reason = message.strip().splitlines()[-1]
    where = f"variant {variant!r}, hook {hook.group(1)}" if hook else f"variant {variant!r}"
    return f"{where}: {reason}"


# --- Resolving one hook ---------------------------------------------------------------------------------------


def hot_hook(caller: pluggy.HookCaller) -> Callable[..., Any]:
    """A plain callable for a hook on the hot path, taking the spec's arguments by position or name.

    Plain implementations (no wrappers, no keyword arguments of their own) are called directly, in pluggy's
    order (``tryfirst``, then the last registered first, ``trylast`` at the end), with pluggy's answer: the
    first non-None result of a firstresult hook, else the list of non-None results (pluggy's dispatch costs
    more than a scored hand's cheapest patterns, and the plugin set of compiled rules never changes).
    Anything else goes through the hook caller itself.
    """
    spec_args = tuple(caller.spec.argnames)
    impls = caller.get_hookimpls()
    if not any(i.hookwrapper or i.wrapper or i.kwargnames for i in impls):
        calls = tuple(_direct(i, spec_args) for i in reversed(impls))  # pluggy calls its list back to front
        if len(calls) == 1:
            return calls[0]
        return _first_of(calls) if caller.spec.opts.get("firstresult") else _all_of(calls)

    def dispatch(*args, **kwargs):
        return caller(**dict(zip(spec_args, args, strict=False), **kwargs))

    return dispatch


def _first_of(calls: tuple[Callable[..., Any], ...]) -> Callable[..., Any]:
    """A firstresult hook's implementations in order: stops at first non-None result (None when none answers)."""

    def first(*args, **kwargs):
        for call in calls:
            result = call(*args, **kwargs)
            if result is not None:
                return result
        return None

    return first


def _all_of(calls: tuple[Callable[..., Any], ...]) -> Callable[..., list]:
    """A collecting or notification hook's implementations in order: their non-None results, as a list."""

    def every(*args, **kwargs):
        results = []
        for call in calls:
            result = call(*args, **kwargs)
            if result is not None:
                results.append(result)
        return results

    return every


COMPILED = "mjsim_compiled"
"""The attribute on a compiled answer's Python twin (``mjsim.rules.plugins``) that holds the compiled function."""


def _direct(impl, spec_args: tuple[str, ...]) -> Callable[..., Any]:
    """``impl`` called with the spec's arguments (by position or name), passing only those it names."""
    function, argnames = impl.function, tuple(impl.argnames)
    function = getattr(function, COMPILED, function)  # a compiled answer: called itself, not through its twin
    if argnames == spec_args:
        return function

    def direct(*args, **kwargs):
        given = dict(zip(spec_args, args, strict=False), **kwargs)
        return function(*(given[name] for name in argnames))

    return direct


def _resolved(caller: pluggy.HookCaller) -> Callable[..., Any]:
    """A firstresult or notification hook as one plain callable (answering None when nobody implements it)."""
    return hot_hook(caller) if caller.get_hookimpls() else _nothing


def _collect(caller: pluggy.HookCaller) -> Callable[..., list]:
    """A collecting hook: the non-None results, the last registered variant's first (as pluggy returns them)."""
    impls = caller.get_hookimpls()
    if not impls:
        return _no_results
    if len(impls) > 1 or impls[0].hookwrapper or impls[0].wrapper or impls[0].kwargnames:
        return hot_hook(caller)
    one = _direct(impls[0], tuple(caller.spec.argnames))

    def single(*args):
        result = one(*args)
        return [] if result is None else [result]

    return single


def _chain(caller: pluggy.HookCaller) -> list[Callable[..., Any]]:
    """A chain hook's implementations in the order they run: tryfirst ones, the rest in rule-set order, trylast ones.

    Each group runs in rule-set order. Wrappers were refused at registration (``register_variant``).
    """
    spec_args = tuple(caller.spec.argnames)
    listed = caller.get_hookimpls()  # pluggy's order: trylast (newest first), the rest, tryfirst (oldest first)
    first = [i for i in listed if i.tryfirst]
    last = [i for i in listed if i.trylast][::-1]
    rest = [i for i in listed if not (i.tryfirst or i.trylast)]
    return [_direct(i, spec_args) for i in first + rest + last]


def _nothing(*args, **kwargs) -> None:
    """The answer of a firstresult hook nobody implements."""
    return None


def _no_results(*args, **kwargs) -> list:
    """The answer of a collecting hook nobody implements."""
    return []


def _merged(parts: list[dict | None]) -> dict:
    """The variants' dicts (in pluggy's order, last registered first) merged: a later variant's value wins."""
    if len(parts) == 1:  # why: one variant answering is the usual case, and this runs at every decision
        return dict(parts[0] or {})
    merged: dict = {}
    for part in parts[::-1]:  # a slice, not reversed(): mypyc 2.4 fails on reversed() of this list
        merged.update(part or {})
    return merged


# --- The facade -------------------------------------------------------------------------------------------------


class Hooks:
    """The game-flow hooks of one rule set, a typed method each, resolved once when the rules compile."""

    def __init__(self, setup, hook: pluggy.HookRelay, rules) -> None:
        self.setup = setup
        self._may_claim = _resolved(hook.mjsim_may_claim)
        self._win_context = _resolved(hook.mjsim_win_context)
        self._accept_win = _resolved(hook.mjsim_accept_win)
        self.invariants = [inv for batch in hook.mjsim_register_invariants(rules=rules) for inv in batch]
        self._legal_actions = _chain(hook.mjsim_legal_actions)
        self._declarations = _resolved(hook.mjsim_declarations)
        self._pass_tiles = _resolved(hook.mjsim_pass_tiles)
        self._before_draw = _resolved(hook.mjsim_before_draw)
        self._leave_hand = _resolved(hook.mjsim_leave_hand)
        self._sit_out = _resolved(hook.mjsim_sit_out)
        self._after_bonus = _resolved(hook.mjsim_after_bonus)
        self._bonus_wins = _resolved(hook.mjsim_bonus_wins)
        self._settle_meld = _collect(hook.mjsim_settle_meld)
        self._resolve_claims = _resolved(hook.mjsim_resolve_claims)
        self._abortive_draw = _resolved(hook.mjsim_abortive_draw)
        self._settle_win = _resolved(hook.mjsim_settle_win)
        self._after_win = _resolved(hook.mjsim_after_win)
        self._settle_draw = _resolved(hook.mjsim_settle_draw)
        self._refused_action = _resolved(hook.mjsim_refused_action)
        self._next_hand = _resolved(hook.mjsim_next_hand)
        self._end_game_offer = _resolved(hook.mjsim_end_game_offer)
        self._seating = _resolved(hook.mjsim_seating)
        self._settle_game = _collect(hook.mjsim_settle_game)
        self._final_settlement = _resolved(hook.mjsim_final_settlement)
        self._on_event = _resolved(hook.mjsim_on_event)
        self._observe = _collect(hook.mjsim_observe)
        self._record_hand = _collect(hook.mjsim_record_hand)

    def legal_actions(self, game: Game, seat: int, actions: list[Action]) -> list[Action]:
        """``mjsim_legal_actions``: each implementation filters the previous one's list (None keeps it)."""
        for check in self._legal_actions:
            result = check(game, seat, actions)
            if result is not None:
                actions = result
        return actions

    def may_claim(self, game: Game, seat: int, tile: int) -> bool:
        """``mjsim_may_claim``: whether the engine builds ``seat``'s claim offers (only False skips the seat)."""
        return self._may_claim(game, seat, tile) is not False

    def win_context(self, game: Game, seat: int, tile: int, how: str) -> WinContext | None:
        """``mjsim_win_context``: the context of ``seat`` winning on ``tile``, or None when the tiles forbid it."""
        return self._win_context(game, seat, tile, how) or None

    def accept_win(self, game: Game, seat: int, ctx: WinContext, score: Score | None) -> bool:
        """``mjsim_accept_win``: whether the win stands (nobody answering, or None, accepts; only False refuses)."""
        return self._accept_win(game, seat, ctx, score) is not False

    def declarations(self, game: Game, seat: int) -> list[Action]:
        """``mjsim_declarations``: the choices ``seat`` must make after the deal ([] for none)."""
        return self._declarations(game, seat) or []

    def pass_tiles(self, game: Game, chosen: dict[int, Action]) -> list[tuple[int, int, int]]:
        """``mjsim_pass_tiles``: the (giver, receiver, tile) a finished declaration round passes ([] for none)."""
        return self._pass_tiles(game, chosen) or []

    def before_draw(self, game: Game, seat: int) -> list[Action]:
        """``mjsim_before_draw``: ``seat``'s choices besides drawing ([] for none)."""
        return self._before_draw(game, seat) or []

    def leave_hand(self, game: Game) -> list[int]:
        """``mjsim_leave_hand``: the seats that must leave the hand now ([] for none)."""
        return self._leave_hand(game) or []

    def after_bonus(self, game: Game, seat: int, tile: int) -> list[Action]:
        """``mjsim_after_bonus``: ``seat``'s choices about the bonus tile it just set aside ([] for none)."""
        return self._after_bonus(game, seat, tile) or []

    def bonus_wins(self, game: Game, seat: int, tile: int) -> list[tuple[int, int]]:
        """``mjsim_bonus_wins``: the (winner, payer) of wins made at once on that bonus tile ([] for none)."""
        return self._bonus_wins(game, seat, tile) or []

    def sit_out(self, game: Game) -> list[int]:
        """``mjsim_sit_out``: the seats that sit out the hand just dealt ([] for none)."""
        return self._sit_out(game) or []

    def settle_meld(self, game: Game, seat: int, meld: Meld) -> list[Transfer]:
        """``mjsim_settle_meld``: every variant's transfers due when ``meld`` stands, in one list."""
        return [t for batch in self._settle_meld(game, seat, meld) for t in batch or ()]

    def resolve_claims(self, game: Game, answers: dict[int, Action]) -> ClaimResult:
        """``mjsim_resolve_claims``: the answers that take effect, or why the claims abort the hand."""
        return self._resolve_claims(game, answers) or ClaimResult()

    def abortive_draw(self, game: Game) -> str | None:
        """``mjsim_abortive_draw``: why the hand aborts now, or None."""
        return self._abortive_draw(game)

    def settle_win(self, game: Game, wins: list) -> list[Transfer]:
        """``mjsim_settle_win``: the transfers paying ``wins`` [(seat, tile, from_seat, score)]."""
        return self._settle_win(game, wins) or []

    def after_win(self, game: Game, wins: list) -> ContinueAfterWin | None:
        """``mjsim_after_win``: how play goes on after these wins, or None when the hand ends."""
        return self._after_win(game, wins)

    def refused_action(self, game: Game, seat: int, action: Action, chosen: dict[int, Action]) -> Refusal | None:
        """``mjsim_refused_action``: what a declaration the engine did not offer leads to (None: illegal)."""
        return self._refused_action(game, seat, action, chosen)

    def settle_draw(self, game: Game, reason: str) -> DrawSettlement:
        """``mjsim_settle_draw``: what a hand that ended without a win pays, and its record's facts."""
        return self._settle_draw(game, reason) or DrawSettlement()

    def next_hand(self, game: Game, outcome: dict) -> NextHand:
        """``mjsim_next_hand``: the next hand's dealer, round and honba, or the end of the game."""
        nxt = self._next_hand(game, outcome)
        if nxt is None:
            raise MjsimError("no variant of the rule set implements mjsim_next_hand")
        return nxt

    def end_game_offer(self, game: Game, outcome: dict) -> int | None:
        """``mjsim_end_game_offer``: the seat that may end the game after this hand, or None."""
        return self._end_game_offer(game, outcome)

    def settle_game(self, game: Game) -> list[Transfer]:
        """``mjsim_settle_game``: every variant's transfers once the game is over, in one list."""
        return [t for batch in self._settle_game(game) for t in batch or ()]

    def seating(self, game: Game, next_hand: NextHand) -> tuple[int, ...] | None:
        """``mjsim_seating``: the players at each seat for the next hand, or None to keep them."""
        return self._seating(game, next_hand)

    def final_settlement(self, game: Game) -> dict:
        """``mjsim_final_settlement``: the final results of a finished game."""
        return self._final_settlement(game)

    def on_event(self, game: Game, event: Event) -> None:
        """``mjsim_on_event``: every variant sees the event."""
        self._on_event(game, event)

    def observe(self, game: Game, seat: int) -> dict:
        """``mjsim_observe``: the extra facts ``seat`` may know, every variant's merged."""
        return _merged(self._observe(game, seat))

    def record_hand(self, game: Game, outcome: dict) -> dict:
        """``mjsim_record_hand``: the finished hand's facts to keep in its record, every variant's merged."""
        return _merged(self._record_hand(game, outcome))

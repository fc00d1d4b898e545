"""Build the plugin manager for one rule set and compile it into ``Rules``.

Variants are found through the ``mjsim.variants`` entry-point group (the
riichi family ships that way too) or imported by module path.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType

import pluggy

from mjsim import hookspecs
from mjsim.engine import defaults as engine_defaults
from mjsim.errors import MjsimError
from mjsim.rules import OptionRegistry, Rules, RuleSet
from mjsim.scoring import PatternIndex


@cache
def installed_variants() -> dict[str, str]:
    """Variant name -> module path, from the ``mjsim.variants`` entry points."""
    return {ep.name: ep.value for ep in entry_points(group="mjsim.variants")}


def load_variant(name: str) -> ModuleType:
    """Import a variant by entry-point name or dotted module path."""
    target = installed_variants().get(name, name)
    try:
        return importlib.import_module(target)
    except ImportError as exc:
        known = ", ".join(sorted(installed_variants()))
        raise MjsimError(f"unknown variant {name!r} ({exc}); installed variants: {known}") from None


def variant_name(module: ModuleType) -> str:
    """The option prefix of a variant module (its ``NAME``, else the last part of its path)."""
    return getattr(module, "NAME", module.__name__.rsplit(".", 1)[-1])


def plugin_manager(ruleset: RuleSet) -> tuple[pluggy.PluginManager, list[ModuleType]]:
    """A manager with the rule set's variants registered in order."""
    pm = pluggy.PluginManager("mjsim")
    pm.add_hookspecs(hookspecs)
    pm.register(engine_defaults, name="engine_defaults")
    modules = [load_variant(v) for v in ruleset.variants]
    for module in modules:
        pm.register(module, name=variant_name(module))
    pm.check_pending()
    return pm, modules


def build_rules(ruleset: RuleSet) -> Rules:
    """Declare and validate options, collect patterns, and keep hot hooks as plain callables."""
    pm, modules = plugin_manager(ruleset)
    registry = OptionRegistry()
    for module in modules:
        impl = getattr(module, "mjsim_add_options", None)
        if impl is not None:
            impl(registry=registry.for_variant(variant_name(module)))
    values = _option_values(registry, ruleset)
    rules = Rules(ruleset, dict(registry.options), values, hook=pm.hook)
    patterns = tuple(p for batch in pm.hook.mjsim_register_yaku(rules=rules) for p in batch)
    score = hot_hook(pm.hook.mjsim_score_win)
    compiled = Rules(ruleset, rules.declared, values, patterns, PatternIndex(patterns), score_win=score, hook=pm.hook)
    setup = pm.hook.mjsim_table_setup(rules=compiled)
    flow = Flow(setup, pm.hook, compiled) if setup is not None else None
    return replace(compiled, flow=flow)


class Flow:
    """The game-flow hooks of one rule set as plain callables, resolved once."""

    def __init__(self, setup, hook, rules) -> None:
        self.setup = setup
        self._filters = [impl.function for impl in hook.mjsim_legal_actions.get_hookimpls()]
        self.win_context = hot_hook(hook.mjsim_win_context)
        accept = hook.mjsim_accept_win
        self.accept_win = hot_hook(accept) if accept.get_hookimpls() else None  # None: every possible win stands
        self.resolve_claims = hot_hook(hook.mjsim_resolve_claims)
        self.abortive_draw = hot_hook(hook.mjsim_abortive_draw)
        self.settle_win = hot_hook(hook.mjsim_settle_win)
        self.after_win = hot_hook(hook.mjsim_after_win)
        self.settle_draw = hot_hook(hook.mjsim_settle_draw)
        self.next_hand = hot_hook(hook.mjsim_next_hand)
        self.final_settlement = hot_hook(hook.mjsim_final_settlement)
        notify = hook.mjsim_on_event
        self.on_event = hot_hook(notify) if notify.get_hookimpls() else None  # the engine passes (game, event)
        self.invariants = [inv for batch in hook.mjsim_register_invariants(rules=rules) for inv in batch]
        observe = hook.mjsim_observe
        self.observe = observe if observe.get_hookimpls() else None
        record = hook.mjsim_record_hand
        self.record_hand = record if record.get_hookimpls() else None

    def legal_actions(self, game, seat, actions):
        """Run the variants' filters in rule-set order, each on the previous one's list."""
        for check in self._filters:
            result = check(game, seat, actions)
            if result is not None:
                actions = result
        return actions


def hot_hook(caller: pluggy.HookCaller):
    """A plain callable for a hook on the hot path, taking the spec's arguments by position or name.

    With a single implementation and no wrappers, that implementation is
    called directly (pluggy's dispatch costs more than a scored hand's
    cheapest patterns); otherwise the hook caller itself.
    """
    spec_args = tuple(caller.spec.argnames)
    impls = caller.get_hookimpls()
    if len(impls) == 1 and not (impls[0].hookwrapper or impls[0].wrapper):
        function, argnames = impls[0].function, tuple(impls[0].argnames)
        if argnames == spec_args:
            return function

        def direct(*args, **kwargs):
            given = dict(zip(spec_args, args, strict=False), **kwargs)
            return function(*(given[name] for name in argnames))

        return direct

    def dispatch(*args, **kwargs):
        return caller(**dict(zip(spec_args, args, strict=False), **kwargs))

    return dispatch


def _option_values(registry: OptionRegistry, ruleset: RuleSet) -> dict[str, object]:
    """Defaults overridden by the rule set, every key and value checked."""
    declared = registry.options
    values = {key: opt.parse(opt.default) for key, opt in declared.items()}
    for key, raw in ruleset.options.items():
        if key not in declared:
            raise MjsimError(_unknown_key(key, declared))
        values[key] = declared[key].parse(raw)
    return values


def _unknown_key(key: str, declared) -> str:
    """Error text for an option nobody declared, with the closest known keys."""
    import difflib

    close = difflib.get_close_matches(key, list(declared), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known options: {', '.join(sorted(declared))}"
    return f"unknown option {key!r}{hint}"

"""Build the plugin manager for one rule set and compile it into ``Rules``.

Variants are found through the ``mjsim.variants`` entry-point group (the
riichi family ships that way too) or imported by module path.  This module
does not import ``mjsim.rules``: rule sets come in duck-typed (``variants``
and ``options``), and ``mjsim.rules`` calls in here.

Data files (experiments, presets) may name only installed variants: a file must not make mjsim import
code, so any other module must be let in by the person running mjsim (``allow_plugin``, which the CLI's
``--plugin`` and ``--allow-plugin MODULE`` call).
"""

from __future__ import annotations

import difflib
import importlib
import inspect
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

import pluggy

from mjsim import hookspecs
from mjsim.engine import defaults as engine_defaults
from mjsim.errors import MjsimError
from mjsim.rules.asking import Ask, installed_answers
from mjsim.rules.entry_points import entry_points
from mjsim.rules.hooks import COMPILED, Hooks, hot_hook, register_variant
from mjsim.rules.options import OptionRegistry, Rules, option_values
from mjsim.scoring import PatternIndex
from mjsim.scoring.words import FamilyWords


class PluginManager(pluggy.PluginManager):
    """pluggy's manager for mjsim's hooks, reading a module's hook implementations straight from its namespace.

    A module answers a hook with a function marked ``@hookimpl`` (pluggy's way, options and ``specname=``
    included), or with any function it holds under the hook's name: ``from variants.x.play import
    legal_actions as mjsim_legal_actions`` registers ``legal_actions`` itself, as it is (docs/hooks.md,
    "Answering a hook"). Why the second way: pluggy's mark is an attribute a decorator sets on the function, and
    a compiled function (mypyc) takes no attribute; a one-line marked function that only calls it costs a call
    on every turn and a second name for one job.
    """

    def __init__(self) -> None:
        super().__init__("mjsim")
        self.add_hookspecs(hookspecs)

    def parse_hookimpl_opts(self, plugin, name: str):
        """The hookimpl options of ``plugin.name``, as pluggy finds them (None: not an implementation).

        Why: pluggy looks each attribute up with ``inspect.getattr_static``, so that no property runs; a module's
        attributes are plain entries of its dict, read there as they are (pluggy binds only functions, static and
        class methods and bound methods). Two scans of each variant's hundreds of names cost every start-up 10
        ms; any other plugin goes to pluggy.
        """
        if isinstance(plugin, ModuleType):
            value = vars(plugin).get(name)
            if isinstance(value, FunctionType | BuiltinFunctionType):
                opts = getattr(value, self.project_name + "_impl", None)
                if isinstance(opts, dict):
                    return opts
                return {} if name.startswith(HOOK_PREFIX) else None  # a function under a hook's name answers it
            if not isinstance(value, staticmethod | classmethod | MethodType):  # with functions, all pluggy binds
                return None
        return super().parse_hookimpl_opts(plugin, name)

    def register(self, plugin, name: str | None = None) -> str | None:
        """pluggy's registration, a module's compiled answers included (see :func:`_twin`)."""
        if isinstance(plugin, ModuleType):
            for attr, value in list(vars(plugin).items()):
                if attr.startswith(HOOK_PREFIX) and isinstance(value, BuiltinFunctionType):
                    setattr(plugin, attr, _twin(value))
        registered = super().register(plugin, name)
        for caller in self.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                compiled = getattr(impl.function, COMPILED, None)
                if impl.plugin is plugin and compiled is not None:
                    impl.argnames = _parameters(compiled, impl.plugin_name, caller)
        return registered


HOOK_PREFIX = "mjsim_"
"""What every hook's name starts with: a module's function under such a name is the module's implementation."""


def _twin(compiled: Callable[..., Any]) -> Callable[..., Any]:
    """A Python function standing for a compiled one, which pluggy cannot register.

    Why: pluggy registers only Python functions and reads their parameters from ``__code__``; a compiled
    (mypyc) function has neither. The twin passes its arguments on; the registration gives pluggy the compiled
    function's parameter names from its signature, and the facade calls the compiled function itself
    (``mjsim.rules.hooks.COMPILED``), so the twin costs nothing on the hot path.
    """

    def twin(*args: Any) -> Any:
        return compiled(*args)

    setattr(twin, COMPILED, compiled)
    twin.__doc__ = compiled.__doc__
    return twin


def _parameters(function: Callable[..., Any], variant: str, caller: pluggy.HookCaller) -> tuple[str, ...]:
    """The parameter names of a compiled answer, each one of the hook's arguments (else refused, naming it)."""
    try:
        names = tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        raise MjsimError(f"variant {variant!r}, hook {caller.name}: its answer has no readable signature") from None
    unknown = [n for n in names if n not in caller.spec.argnames]
    if unknown:
        raise MjsimError(
            f"variant {variant!r}, hook {caller.name}: argument {unknown[0]!r} is not one of the hook's "
            f"({', '.join(caller.spec.argnames)})"
        )
    return names


@cache
def installed_variants() -> dict[str, str]:
    """Variant name -> module path, from the ``mjsim.variants`` entry points."""
    return entry_points("mjsim.variants")


_ALLOWED: set[str] = set()  # modules the person running mjsim lets data files name (--plugin, --allow-plugin)


def allow_plugin(module: str) -> None:
    """Let experiment and preset files name ``module``, which is not an installed variant."""
    _ALLOWED.add(module)


def check_data_variant(name: object, where: str) -> None:
    """Refuse a variant named by a data file unless it is installed or allowed (a file must not import code)."""
    from mjsim.rules.consent import user_config

    allowed = _ALLOWED | set(user_config()["allow_plugins"])
    if isinstance(name, str) and (name in installed_variants() or name in allowed):
        return
    known = sorted(installed_variants())
    close = difflib.get_close_matches(name, known, n=1) if isinstance(name, str) else []
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise MjsimError(
        f"{where}: unknown variant {name!r}; {hint}installed variants: {', '.join(known)} "
        f"(a module of yours needs --allow-plugin {name})"
    )


def load_variant(name: str) -> ModuleType:
    """Import a variant by entry-point name or dotted module path."""
    target = installed_variants().get(name, name)
    known = ", ".join(sorted(installed_variants()))
    if not isinstance(name, str) or not name.strip():
        raise MjsimError(f"a variant needs a name, got {name!r}; installed variants: {known}")
    try:
        return importlib.import_module(target)
    except ImportError as exc:
        raise MjsimError(f"unknown variant {name!r} ({exc}); installed variants: {known}") from None
    except Exception as exc:  # a plugin's own code failed while importing (SyntaxError, RuntimeError, ...)
        detail = f"{type(exc).__name__}: {exc}".splitlines()[0]
        raise MjsimError(f"variant {name!r} ({target}) fails to import: {detail}") from None


def variant_name(module: ModuleType) -> str:
    """The option prefix of a variant module (its ``NAME``, else the last part of its path)."""
    return getattr(module, "NAME", module.__name__.rsplit(".", 1)[-1])


def family_words(rules) -> FamilyWords:
    """What the rule set's family calls a hit's value and a limit multiple: the last variant's ``UNIT`` and
    ``LIMIT`` that declares them, else the neutral ``points`` and ``limit``."""
    unit, limit = FamilyWords()
    for name in rules.ruleset.variants:
        module = load_variant(name)
        unit, limit = getattr(module, "UNIT", unit), getattr(module, "LIMIT", limit)
    return FamilyWords(unit, limit)


def plugin_manager(ruleset) -> tuple[pluggy.PluginManager, list[ModuleType]]:
    """A manager with the rule set's variants registered in order."""
    pm = PluginManager()
    pm.register(engine_defaults, name="engine_defaults")
    modules = [load_variant(v) for v in ruleset.variants]
    add_family_specs(pm, modules)
    for module in modules:
        register_variant(pm, module, variant_name(module))
    return pm, modules


@cache
def installed_plugins() -> pluggy.PluginManager:
    """A manager with every installed variant registered (for the registration hooks, not for playing)."""
    pm = PluginManager()
    modules = {name: load_variant(name) for name in sorted(installed_variants())}
    add_family_specs(pm, modules.values())
    for name, module in modules.items():
        pm.register(module, name=name)
    return pm


def installed(hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
    """A registration hook answered by every installed variant: (variant, answer) pairs."""
    return installed_answers(installed_plugins(), hook, **kwargs)


def add_family_specs(pm: pluggy.PluginManager, modules: Iterable[ModuleType]) -> None:
    """The hooks families declare for their own deltas and players (a module's ``HOOKSPECS``), added before any
    variant registers so each answer is checked against its spec."""
    for module in modules:
        specs = getattr(module, "HOOKSPECS", None)
        if specs is not None:
            pm.add_hookspecs(specs)


def declared_options(pm: pluggy.PluginManager, modules: list[ModuleType]) -> OptionRegistry:
    """Each variant's ``mjsim_add_options``, called through pluggy on a registry that prefixes ``<variant>.``.

    One hook call per variant, with every other plugin left out of it (``subset_hook_caller``), so a key
    carries the prefix of the variant that declared it; variants declare in rule-set order.
    """
    registry = OptionRegistry()
    for module in modules:
        others = [plugin for plugin in pm.get_plugins() if plugin is not module]
        declare = pm.subset_hook_caller("mjsim_add_options", remove_plugins=others)
        declare(registry=registry.for_variant(variant_name(module)))
    return registry


def build_rules(ruleset) -> Rules:
    """Declare and validate options, collect patterns, and keep hot hooks as plain callables."""
    pm, modules = plugin_manager(ruleset)
    registry = declared_options(pm, modules)
    values = option_values(registry.options, ruleset.options)
    rules = Rules(ruleset, dict(registry.options), values, hook=pm.hook, ask=Ask(pm.hook))
    patterns = tuple(p for batch in pm.hook.mjsim_register_patterns(rules=rules) for p in batch)
    score = hot_hook(pm.hook.mjsim_score_win)
    compiled = replace(rules, patterns=patterns, pattern_index=PatternIndex(patterns), score_win=score)
    setup = pm.hook.mjsim_table_setup(rules=compiled)
    flow = Hooks(setup, pm.hook, compiled) if setup is not None else None
    return replace(compiled, flow=flow)

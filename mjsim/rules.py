"""Rule sets: typed options declared by variants, presets, and compilation into ``Rules``.

Every option is declared once, by the variant that reads it, through the
``mjsim_add_options`` hook; its key is ``<variant>.<name>``.  Unknown keys and
bad values fail at compile time with a message naming the key, the value and
what is allowed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from mjsim.errors import MjsimError


@dataclass(frozen=True)
class Option:
    """One declared option: key, default, description, and what values it takes."""

    key: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # allowed values; None: any value of the default's type
    multi: bool = False  # a set of choices, written "a,b,c" ("none" for the empty set)

    def parse(self, raw: Any) -> Any:
        """Convert a value from TOML or ``--set KEY=VALUE`` and check it."""
        value = self._convert(raw)
        allowed = self.choices
        if self.multi:
            bad = [v for v in value if allowed and v not in allowed]
            if bad:
                raise MjsimError(self._bad(raw, f"unknown item(s) {', '.join(map(str, bad))}"))
            return frozenset(value)
        if allowed is not None and value not in allowed:
            raise MjsimError(self._bad(raw))
        return value

    def _convert(self, raw: Any) -> Any:
        """Turn strings into the option's type."""
        if self.multi:
            if isinstance(raw, str):
                return [] if raw.strip() in ("", "none") else [s.strip() for s in raw.split(",")]
            if isinstance(raw, Iterable):
                return list(raw)
            raise MjsimError(self._bad(raw))
        kind = type(self.default)
        if isinstance(raw, str) and kind is not str:
            return self._from_text(raw, kind)
        if kind is bool and not isinstance(raw, bool):
            raise MjsimError(self._bad(raw))
        if kind is not bool and (isinstance(raw, bool) or isinstance(raw, float)):
            raise MjsimError(self._bad(raw))  # True == 1 and 2.0 == 2 would slip through the choices
        if kind is int and (isinstance(raw, bool) or not isinstance(raw, int)):
            if self.choices is None or raw not in self.choices:
                raise MjsimError(self._bad(raw))
        return raw

    def _from_text(self, raw: str, kind: type) -> Any:
        """Parse ``--set`` text for a bool or int option (choices may also hold words)."""
        text = raw.strip().lower()
        if kind is bool:
            if text in ("true", "on", "yes", "1"):
                return True
            if text in ("false", "off", "no", "0"):
                return False
            raise MjsimError(self._bad(raw))
        if self.choices and raw in self.choices:
            return raw
        try:
            return kind(text)
        except ValueError:
            raise MjsimError(self._bad(raw)) from None

    def allowed(self) -> str:
        """Human text for the allowed values."""
        if self.choices is not None:
            what = ", ".join(map(str, self.choices))
            return f"a comma-separated subset of: {what}" if self.multi else f"one of: {what}"
        return {bool: "true or false", int: "an integer"}.get(type(self.default), type(self.default).__name__)

    def _bad(self, raw: Any, why: str = "") -> str:
        """The error text for a bad value."""
        detail = f" ({why})" if why else ""
        return f"option {self.key}: bad value {raw!r}{detail}; expected {self.allowed()}"


class OptionRegistry:
    """Where variants declare their options (passed to ``mjsim_add_options``)."""

    def __init__(self) -> None:
        self.options: dict[str, Option] = {}
        self._prefix = ""

    def add(
        self, name: str, default: Any, description: str, choices: Iterable[Any] | None = None, multi: bool = False
    ) -> None:
        """Declare ``<variant>.<name>`` with its default and a one-line description."""
        key = f"{self._prefix}{name}"
        if key in self.options:
            raise MjsimError(f"option {key} is declared twice")
        option = Option(key, default, description, tuple(choices) if choices is not None else None, multi)
        self.options[key] = option
        option.parse(default if not multi else list(default))  # a wrong default is a bug: fail loudly

    def for_variant(self, variant: str) -> OptionRegistry:
        """A view that prefixes names with ``variant.``."""
        view = OptionRegistry.__new__(OptionRegistry)
        view.options, view._prefix = self.options, f"{variant}."
        return view


@dataclass(frozen=True)
class RuleSet:
    """A name, an ordered list of variants, and option overrides (uncompiled)."""

    name: str
    variants: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""

    @classmethod
    def from_preset(cls, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """Load ``variants/presets/<preset>.toml`` (or a TOML file path) and apply overrides."""
        data = _read_preset(preset)
        options = dict(data.get("options", {}))
        options.update(overrides or {})
        return cls(data.get("name", preset), tuple(data["variants"]), options, data.get("description", ""))

    def with_options(self, overrides: Mapping[str, Any]) -> RuleSet:
        """A copy with more option overrides."""
        return RuleSet(self.name, self.variants, {**self.options, **overrides}, self.description)

    def compile(self) -> Rules:
        """Validate every option and resolve the hooks once; refuse variants that cannot be combined."""
        from mjsim.plugins import build_rules, load_variant

        modules = [load_variant(v) for v in self.variants]
        check_conflicts(modules)
        rules = build_rules(self)
        check_requirements(modules, rules.values)
        return rules


def check_conflicts(modules: Iterable[ModuleType]) -> None:
    """Fail when a variant declares (``CONFLICTS = {"other": "why"}``) that it cannot play with another listed one."""
    from mjsim.plugins import variant_name

    modules = list(modules)
    listed = [variant_name(m) for m in modules]
    twice = sorted({n for n in listed if listed.count(n) > 1})
    if twice:
        raise MjsimError(f"variant {twice[0]} is listed twice (a preset's variant added again as a plugin?)")
    names = set(listed)
    for module in modules:
        for other, why in getattr(module, "CONFLICTS", {}).items():
            if other in names:
                raise MjsimError(f"variants {variant_name(module)} and {other} cannot be combined: {why}")


def check_requirements(modules: Iterable[ModuleType], values: Mapping[str, Any]) -> None:
    """Fail when a variant's ``REQUIRES = {"option.key": (allowed values...)}`` is not met by the compiled values."""
    from mjsim.plugins import variant_name

    for module in modules:
        for key, allowed in getattr(module, "REQUIRES", {}).items():
            name = variant_name(module)
            if key not in values:
                raise MjsimError(f"variant {name} needs option {key}, which no variant of the rule set declares")
            if values[key] not in allowed:
                raise MjsimError(
                    f"variant {name} needs {key} to be one of {', '.join(map(str, allowed))}, got {values[key]!r}"
                )


@dataclass(frozen=True)
class Rules:
    """A compiled rule set: option values, registered patterns and pre-resolved hooks."""

    ruleset: RuleSet
    declared: Mapping[str, Option]
    values: Mapping[str, Any]
    patterns: tuple[Any, ...] = ()
    pattern_index: Any = None  # mjsim.scoring.PatternIndex of ``patterns``
    score_win: Callable[..., Any] | None = None
    hook: Any = None  # the plugin manager's hook relay, for rarely called hooks
    flow: Any = None  # mjsim.hooks.Hooks: the game-flow hooks, when the rule set can play games

    def __getitem__(self, key: str) -> Any:
        """The value of option ``key``."""
        return self.values[key]


def preset_names() -> list[str]:
    """Names of the presets shipped in ``variants/presets``."""
    folder = resources.files("variants") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def _read_preset(preset: str) -> dict[str, Any]:
    """The parsed TOML of a preset name or file, with a clear error when it is missing or malformed."""
    if preset.endswith(".toml"):
        path = Path(preset)
        if not path.is_file():
            raise MjsimError(f"preset file {preset} not found")
        text = path.read_text(encoding="utf-8")
    else:
        resource = resources.files("variants") / "presets" / f"{preset}.toml"
        if not resource.is_file():
            raise MjsimError(f"unknown preset {preset!r}; known presets: {', '.join(preset_names())}")
        text = resource.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MjsimError(f"preset {preset}: malformed TOML: {exc}") from None
    if not isinstance(data.get("variants"), list) or not data["variants"]:
        raise MjsimError(f"preset {preset}: needs a non-empty list 'variants'")
    return data

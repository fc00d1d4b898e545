"""Rule sets: the one pipeline from a preset, overrides and plugins to compiled ``Rules``.

``RuleSet.resolve`` reads the preset (its ``extends`` chain included) and adds
the plugins after its variants and the overrides over its options.
``RuleSet.compile`` checks once that the variants may be combined (none twice,
no declared conflict), declares and validates every option (unknown keys and
bad values fail naming the key, the value and what is allowed) and resolves
the hooks.  A resolved ``RuleSet`` is
plain data: run specs carry it to workers, which never read preset files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules.options import Declarations, Option, OptionRegistry, Rules
from mjsim.rules.plugins import build_rules, load_variant, variant_name
from mjsim.rules.presets import load_preset, preset_names

__all__ = [
    "Declarations",
    "Option",
    "OptionRegistry",
    "RuleSet",
    "Rules",
    "check_conflicts",
    "check_requirements",
    "preset_names",
]

Overrides = Mapping[str, Any] | Iterable[tuple[str, Any]]


@dataclass(frozen=True)
class RuleSet:
    """A name, an ordered list of variants, and option overrides (uncompiled)."""

    name: str
    variants: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""

    @classmethod
    def resolve(cls, preset: str, overrides: Overrides = (), plugins: Iterable[str] = ()) -> RuleSet:
        """A preset (name or TOML path) with ``plugins`` after its variants and ``overrides`` over its options."""
        data = load_preset(preset)
        options = {**data["options"], **dict(overrides or ())}
        return cls(data["name"], tuple(data["variants"]) + tuple(plugins), options, data["description"])

    def with_options(self, overrides: Mapping[str, Any]) -> RuleSet:
        """A copy with more option overrides."""
        return RuleSet(self.name, self.variants, {**self.options, **overrides}, self.description)

    def compile(self) -> Rules:
        """Validate every option and resolve the hooks once; refuse variants that cannot be combined."""
        modules = [load_variant(v) for v in self.variants]
        check_conflicts(modules)
        rules = build_rules(self)
        check_requirements(modules, rules.values)
        return rules


def check_conflicts(modules: Iterable[ModuleType]) -> None:
    """Fail when a variant declares (``CONFLICTS = {"other": "why"}``) that it cannot play with another listed one,
    or (``NEEDS = {"other": "why"}``) that it plays only with another one listed (the family it builds on)."""
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
        for other, why in getattr(module, "NEEDS", {}).items():  # a house rule of one family, on another's table
            if other not in names:
                raise MjsimError(f"variant {variant_name(module)} needs variant {other} in the rule set: {why}")


def check_requirements(modules: Iterable[ModuleType], values: Mapping[str, Any]) -> None:
    """Fail when a variant's ``REQUIRES = {"option.key": (allowed values...)}`` is not met by the compiled values."""
    for module in modules:
        for key, allowed in getattr(module, "REQUIRES", {}).items():
            name = variant_name(module)
            if key not in values:
                raise MjsimError(f"variant {name} needs option {key}, which no variant of the rule set declares")
            if values[key] not in allowed:
                raise MjsimError(
                    f"variant {name} needs {key} to be one of {', '.join(map(str, allowed))}, got {values[key]!r}"
                )

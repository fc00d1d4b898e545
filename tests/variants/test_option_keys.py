"""Every variant's typed option keys: one constant per declared option, in the module that declares them."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from mjsim.rules.options import OptionRegistry
from mjsim.rules.plugins import installed_variants, load_variant

# Game-stash keys that live beside the option key in a single-file delta's module (they are not options).
NOT_OPTIONS = frozenset({"gopin.wins", "local_yakuhai.wins", "daisharin.wins"})


def declared_keys(name: str) -> set[str]:
    """The keys variant ``name`` declares through ``mjsim_add_options``."""
    registry = OptionRegistry()
    load_variant(name).mjsim_add_options(registry=registry.for_variant(name))
    return set(registry.options)


def key_module(name: str) -> ModuleType:
    """Where the variant's key constants live: its ``options`` module, or the variant module itself."""
    module = load_variant(name)
    if hasattr(module, "__path__"):
        return importlib.import_module(f"{module.__name__}.options")
    return module


def key_constants(name: str) -> dict[str, str]:
    """The module's upper-case string constants that name a ``<variant>.`` key, by constant name."""
    return {
        const: value
        for const, value in vars(key_module(name)).items()
        if const.isupper() and isinstance(value, str) and value.startswith(f"{name}.") and value not in NOT_OPTIONS
    }


VARIANTS = sorted(installed_variants())


@pytest.mark.parametrize("name", VARIANTS)
def test_the_key_constants_are_exactly_the_declared_options(name):
    assert set(key_constants(name).values()) == declared_keys(name)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_key_constant_is_named_after_its_option(name):
    misnamed = {c: v for c, v in key_constants(name).items() if v != f"{name}.{c.lower()}"}
    assert misnamed == {}


def test_every_installed_variant_is_checked():
    assert {"riichi", "jirai", "boo", "chengdu", "taiwan", "chips", "gopin"} <= set(VARIANTS)

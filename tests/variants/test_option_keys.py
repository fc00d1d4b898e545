"""Every variant's options: each ``Option`` constant of the module that declares them is on one of its
declaration lists, and those lists are exactly what the variant declares."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from mjsim.errors import MjsimError
from mjsim.rules import Declarations, Option, OptionRegistry
from mjsim.rules.plugins import installed_variants, load_variant


def declared_keys(name: str) -> list[str]:
    """The keys variant ``name`` declares through ``mjsim_add_options``, in order."""
    registry = OptionRegistry()
    load_variant(name).mjsim_add_options(registry=registry.for_variant(name))
    return list(registry.options)


def key_module(name: str) -> ModuleType:
    """Where the variant's options are declared: its ``options`` module, or the variant module itself."""
    module = load_variant(name)
    if hasattr(module, "__path__"):
        return importlib.import_module(f"{module.__name__}.options")
    return module


def constants(name: str) -> dict[str, Option]:
    """The module's upper-case ``Option`` constants, by constant name."""
    return {
        const: value for const, value in vars(key_module(name)).items() if const.isupper() and isinstance(value, Option)
    }


def listed(name: str) -> list[Option]:
    """The options on the module's declaration lists, list by list."""
    lists = [value for value in vars(key_module(name)).values() if isinstance(value, Declarations)]
    return [option for options in lists for option in options]


VARIANTS = sorted(installed_variants())


@pytest.mark.parametrize("name", VARIANTS)
def test_every_option_constant_is_on_a_declaration_list(name):
    options = listed(name)
    unlisted = {c: o for c, o in constants(name).items() if not any(o is other for other in options)}
    assert unlisted == {} and len(constants(name)) == len(options)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_declaration_lists_are_what_the_variant_declares(name):
    assert declared_keys(name) == listed(name)


@pytest.mark.parametrize("name", VARIANTS)
def test_an_option_constant_is_named_after_its_option(name):
    misnamed = {c: o for c, o in constants(name).items() if o != f"{name}.{c.lower()}"}
    assert misnamed == {}


def test_every_installed_variant_is_checked():
    assert {"riichi", "jirai", "boo", "chengdu", "taiwan", "chips", "gopin"} <= set(VARIANTS)


def test_a_variant_declares_only_options_of_its_own_prefix():
    with pytest.raises(MjsimError, match="variant boo declares option riichi.red_fives of variant riichi"):
        OptionRegistry().for_variant("boo").add_all(load_variant("riichi").options.SCORING_OPTIONS)

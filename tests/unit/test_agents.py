"""The bot registry: generic bots everywhere, a variant's bots only under rule sets that include it."""

from __future__ import annotations

import pkgutil
import random
import sys
from functools import cache
from types import ModuleType

import pytest

import mjsim.agents
from mjsim.agents import agent_names, make_agent
from mjsim.agents.observation import Observation
from mjsim.engine.actions import TSUMO, Action
from mjsim.errors import MjsimError
from mjsim.hand.notation import parse_tiles
from mjsim.hookspecs import hookimpl
from mjsim.rules import RuleSet
from tests.positions import table_view

GENERIC = ["defensive", "efficiency", "random", "tsumogiri"]


@cache
def compiled(preset: str):
    """A preset's compiled rules (cached: compiling a rule set costs more than most tests here)."""
    return RuleSet.resolve(preset).compile()


class _Seated:
    """A bot that only remembers what it was built with."""

    def __init__(self, rng, rules) -> None:
        self.rng, self.rules = rng, rules

    def act(self, obs, actions):
        """The first action."""
        return actions[0]


def _variant(monkeypatch, name: str, bots: dict) -> str:
    """A variant module ``name`` (importable by that path) that registers ``bots``; its path."""
    module = ModuleType(name)
    module.mjsim_register_agents = hookimpl(lambda: bots)
    monkeypatch.setitem(sys.modules, name, module)
    return name


def test_the_agents_package_holds_only_the_generic_bots():
    modules = sorted(m.name for m in pkgutil.iter_modules(mjsim.agents.__path__))
    # mistakes: the error model, a wrapper of any bot (the riichi family's value hints live in the family);
    # commands: which agents run a command, held to the user's consent; observation (and its fields): one seat's
    # view; payoff: the payoff model players weigh outcomes by
    expected = ["base", "bots", "commands", "mistakes", "observation", "observation_fields", "payoff"]
    assert modules == [*expected, "registry"]


def test_a_rule_set_seats_the_generic_bots_and_those_of_its_variants():
    riichi = [*GENERIC, "human", "human:blind", "human:dan3", "human:tenhou-sanma", "mjai:"]  # riichi: people, mjai
    assert agent_names(compiled("tenhou")) == sorted(riichi)
    jirai = [*riichi, "jirai_dealer_aware", "jirai_naive"]
    assert agent_names(compiled("jirai")) == sorted(jirai)


def test_without_rules_every_installed_variant_bot_is_listed():
    names = agent_names()
    assert set(GENERIC) | {"boo_topper", "chengdu", "jirai_naive", "taiwan_tsumo"} <= set(names)


def test_a_variant_bot_is_found_only_through_its_variant(monkeypatch):
    path = _variant(monkeypatch, "test_agents_seated_variant", {"seated": _Seated})
    base = RuleSet.resolve("tenhou")
    with_it = RuleSet("with-bot", (*base.variants, path), base.options).compile()
    assert "seated" in agent_names(with_it)
    assert "seated" not in agent_names(base.compile())
    assert "seated" not in agent_names()  # not an installed variant (no entry point)


def test_make_agent_gives_the_factory_the_rules_of_the_game(monkeypatch):
    path = _variant(monkeypatch, "test_agents_seated_variant", {"seated": _Seated})
    base = RuleSet.resolve("tenhou")
    rules = RuleSet("with-bot", (*base.variants, path), base.options).compile()
    rng = random.Random(4)
    bot = make_agent("seated", rng, rules)
    assert bot.rules is rules and bot.rng is rng
    assert make_agent("efficiency", rng, rules).rules is rules


def _shousangen_tsumo() -> tuple[Observation, Action]:
    """Seat 1 drew the last tile of 123m456m555z666z77z: 小三元, two dragon yakuhai, 混一色, 門前清自摸和."""
    tiles = tuple(parse_tiles("123m456m555z666z77z"))
    obs = table_view(tiles, extra={"jirai_forbidden_count": 1, "jirai_public": ((0, 0, 1, ()),)})
    return obs, Action(TSUMO, tiles[-1])


@pytest.mark.parametrize(
    ("options", "risk"),
    [
        pytest.param({}, 3 / 7, id="preset-yakuhai-honitsu-tsumo-of-seven"),
        pytest.param({"jirai.shousangen_exempts_fanpai": True}, 2 / 7, id="shousangen-exempts-the-dragons"),
        pytest.param({"jirai.pool": ["riichi", "yakuhai", "honitsu", "pinfu"]}, 2 / 4, id="a-smaller-pool"),
    ],
)
def test_the_jirai_bot_judges_a_win_under_the_options_of_its_game(options, risk):
    """One forbidden yaku, nothing seen yet: the risk is the share of the game's pool this win contains."""
    bot = make_agent("jirai_naive", random.Random(0), RuleSet.resolve("jirai", options).compile())
    assert bot.reversal_risk(*_shousangen_tsumo()) == pytest.approx(risk)


def test_an_unknown_agent_lists_the_usable_ones():
    with pytest.raises(MjsimError) as error:
        make_agent("nobody", random.Random(0), compiled("tenhou"))
    known = ", ".join(sorted([*GENERIC, "human", "human:blind", "human:dan3", "human:tenhou-sanma", "mjai:"]))
    assert str(error.value) == f"unknown agent 'nobody'; known agents: {known}"


def test_a_bot_of_a_variant_outside_the_rule_set_names_its_variant():
    with pytest.raises(MjsimError) as error:
        make_agent("chengdu", random.Random(0), compiled("tenhou"))
    assert str(error.value) == "agent 'chengdu' is a bot of variant 'chengdu', which rule set 'tenhou' does not include"


def test_a_name_registered_twice_in_a_rule_set_is_refused(monkeypatch):
    path = _variant(monkeypatch, "test_agents_shadowing_variant", {"efficiency": _Seated})
    base = RuleSet.resolve("tenhou")
    rules = RuleSet("shadowing", (*base.variants, path), base.options).compile()
    with pytest.raises(MjsimError, match="^agent 'efficiency' is registered twice \\(rule set 'shadowing'\\)$"):
        make_agent("efficiency", random.Random(0), rules)


def test_a_deferred_bot_imports_its_module_only_when_a_game_seats_it(tmp_path, monkeypatch):
    from mjsim.agents.registry import deferred

    (tmp_path / "late_bot_module.py").write_text(
        "from mjsim.agents.bots import TsumogiriBot\n"
        "def make(tag, rng, rules=None):\n    return TsumogiriBot(rng, rules)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    factory = deferred("late_bot_module:make", "tag")
    assert "late_bot_module" not in sys.modules
    bot = factory(random.Random(0), compiled("tenhou"))
    assert "late_bot_module" in sys.modules and type(bot).__name__ == "TsumogiriBot"


def test_a_deferred_bot_that_fails_to_import_is_one_line_naming_it():
    from mjsim.agents.registry import deferred

    with pytest.raises(MjsimError, match=r"bot no_such_bot_module:make fails to import: ModuleNotFoundError"):
        deferred("no_such_bot_module:make")(random.Random(0), None)


def test_the_riichi_family_registers_its_human_and_mjai_bots_without_importing_them():
    code = (
        "import sys; from mjsim.rules import RuleSet; from mjsim.agents import make_agent; import random;"
        "rules = RuleSet.resolve('tenhou').compile(); make_agent('efficiency', random.Random(0), rules);"
        "late = ('variants.riichi.human.player', 'variants.riichi.mjai.seat');"
        "print(sorted(m for m in sys.modules if m.startswith(late)))"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

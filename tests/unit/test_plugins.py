"""The hook facade (``rules.flow``): precedence, subset arguments, wrappers, fall-through, chain order, refusals."""

from __future__ import annotations

import sys
from types import ModuleType, SimpleNamespace

import pytest

from mjsim.engine.actions import DISCARD, PON, RON, Action
from mjsim.engine.outcomes import ClaimResult, ContinueAfterWin, DrawSettlement, NextHand
from mjsim.errors import MjsimError
from mjsim.hookspecs import hookimpl
from mjsim.rules import Declarations, RuleSet
from mjsim.rules.hooks import Hooks
from mjsim.rules.plugins import plugin_manager

GAME = SimpleNamespace(name="a game")
WINS = [(0, 5, 1, "score")]


@pytest.fixture
def variants(monkeypatch):
    """Make test variants importable by name: ``variants(name, impl, ..., hook_name=function)`` returns the
    module; a keyword holds a function under a hook's name, as a module that imports it so does."""

    def make(name: str, *impls, **held) -> str:
        module = ModuleType(f"test_variant_{name}")
        module.NAME = name
        for impl in impls:
            setattr(module, impl.__name__, impl)
        for attr, function in held.items():
            setattr(module, attr, function)
        monkeypatch.setitem(sys.modules, module.__name__, module)
        return module.__name__

    return make


def flow_of(*modules: str) -> Hooks:
    """The facade over the engine's defaults and ``modules``, registered in this order."""
    pm, _ = plugin_manager(RuleSet("test", modules))
    return Hooks(None, pm.hook, None)


def refusal(*modules: str) -> str:
    """The message compiling a rule set of ``modules`` is refused with."""
    with pytest.raises(MjsimError) as info:
        RuleSet("test", modules).compile()
    return str(info.value)


def settle_win_paying(amount):
    """An implementation of mjsim_settle_win paying ``amount`` (None: no answer)."""

    @hookimpl
    def mjsim_settle_win(game, wins):
        return None if amount is None else [amount]

    return mjsim_settle_win


# --- Precedence and firstresult fall-through ------------------------------------------------------------------


def test_a_function_under_a_hooks_name_answers_it_as_it_is(variants):
    def paying(game, wins):
        return ["paid"]

    flow = flow_of(variants("imported", mjsim_settle_win=paying))
    assert flow._settle_win is paying  # registered itself: no forwarding function between the facade and it
    assert flow.settle_win(GAME, WINS) == ["paid"]


def test_a_function_under_a_name_no_hook_has_is_refused(variants):
    def paying(game, wins):
        return ["paid"]

    assert "mjsim_settle_wins is not a hook of mjsim.hookspecs; did you mean mjsim_settle_win?" in refusal(
        variants("typo", mjsim_settle_wins=paying)
    )


def test_a_compiled_function_with_an_argument_the_hook_lacks_is_refused(variants):
    # A builtin stands for a compiled function: pluggy cannot read its parameters, the signature names them.
    message = refusal(variants("builtin", mjsim_settle_win=divmod))
    assert message.startswith("variant 'builtin', hook mjsim_settle_win: argument 'x' is not one of the hook's")


def test_a_later_variant_takes_precedence(variants):
    flow = flow_of(variants("first", settle_win_paying(1)), variants("second", settle_win_paying(2)))
    assert flow.settle_win(GAME, WINS) == [2]


def test_none_falls_through_to_the_earlier_variant(variants):
    flow = flow_of(variants("first", settle_win_paying(1)), variants("second", settle_win_paying(None)))
    assert flow.settle_win(GAME, WINS) == [1]


def test_the_engine_default_answers_when_every_variant_falls_through(variants):
    @hookimpl
    def mjsim_resolve_claims(game, answers):
        return None

    flow = flow_of(variants("shy", mjsim_resolve_claims))
    answers = {1: Action(PON, 5, (4, 6)), 2: Action(RON, 5)}
    assert flow.resolve_claims(GAME, answers) == ClaimResult([(2, answers[2])])


def test_unimplemented_hooks_answer_their_neutral_value():
    flow = flow_of()
    assert flow.after_win(GAME, WINS) is None
    assert flow.settle_draw(GAME, "exhaustive") == DrawSettlement()
    assert (flow.declarations(GAME, 0), flow.leave_hand(GAME), flow.settle_game(GAME)) == ([], [], [])
    assert flow.observe(GAME, 0) == {} and flow.record_hand(GAME, {}) == {}


def test_next_hand_without_an_implementation_is_an_error():
    with pytest.raises(MjsimError, match="mjsim_next_hand"):
        flow_of().next_hand(GAME, {})


# --- Subset arguments -------------------------------------------------------------------------------------------


@hookimpl
def mjsim_settle_win(wins):
    """Takes only ``wins``."""
    return [f"paid {len(wins)}"]


@hookimpl
def mjsim_legal_actions(actions, seat):
    """Takes two arguments, in an order of its own."""
    return [a for a in actions if a.tile != seat]


@hookimpl
def keep_everything(game, seat, actions):
    """Keeps the list."""


keep_everything.__name__ = "mjsim_legal_actions"


@pytest.mark.parametrize("alone", [True, False], ids=["called-directly", "beside-another"])
def test_an_implementation_may_take_a_subset_of_the_arguments(variants, alone):
    others = [] if alone else [variants("other", settle_win_paying(None), keep_everything)]
    flow = flow_of(*others, variants("subset", mjsim_settle_win, mjsim_legal_actions))
    assert flow.settle_win(GAME, WINS) == ["paid 1"]
    actions = [Action(DISCARD, 1), Action(DISCARD, 2)]
    assert flow.legal_actions(GAME, 2, actions) == [Action(DISCARD, 1)]


# --- Wrappers ---------------------------------------------------------------------------------------------------


@hookimpl(wrapper=True)
def double_payments(game, wins):
    """A new-style wrapper: the inner result, every payment twice."""
    paid = yield
    return paid + paid


double_payments.__name__ = "mjsim_settle_win"


@hookimpl(hookwrapper=True)
def one_more_honba(game, outcome):
    """An old-style hookwrapper on another firstresult hook: one more honba."""
    result = yield
    nxt = result.get_result()
    result.force_result(NextHand(nxt.dealer, nxt.round, nxt.honba + 1, repeat=nxt.repeat))


one_more_honba.__name__ = "mjsim_next_hand"


@hookimpl
def mjsim_next_hand(game, outcome):
    """The dealer repeats."""
    return NextHand(0, 0, 1, repeat=True)


def test_a_wrapper_adjusts_the_settlement_below_it(variants):
    flow = flow_of(variants("family", settle_win_paying(7)), variants("delta", double_payments))
    assert flow.settle_win(GAME, WINS) == [7, 7]


def test_a_wrapper_wraps_the_family_whatever_the_order(variants):
    flow = flow_of(variants("delta", double_payments), variants("family", settle_win_paying(7)))
    assert flow.settle_win(GAME, WINS) == [7, 7]


def test_an_old_style_hookwrapper_may_force_the_result(variants):
    flow = flow_of(variants("family", mjsim_next_hand), variants("delta", one_more_honba))
    assert flow.next_hand(GAME, {}) == NextHand(0, 0, 2, repeat=True)


@hookimpl(wrapper=True)
def observe_wrapper(game, seat):
    """A wrapper on a collecting hook adds its own part."""
    parts = yield
    return [*parts, {"wrapped": seat}]


observe_wrapper.__name__ = "mjsim_observe"


@hookimpl
def mjsim_observe(game, seat):
    """Tells the seat its number."""
    return {"seat": seat}


def test_a_wrapper_on_a_collecting_hook_adds_its_part(variants):
    flow = flow_of(variants("family", mjsim_observe), variants("delta", observe_wrapper))
    assert flow.observe(GAME, 3) == {"seat": 3, "wrapped": 3}


@hookimpl(wrapper=True)
def chain_wrapper(game, seat, actions):
    """A wrapper on the legal-actions chain (refused)."""
    return (yield)


chain_wrapper.__name__ = "mjsim_legal_actions"


def test_a_wrapper_on_the_legal_actions_chain_is_refused(variants):
    message = refusal(variants("wrapping", chain_wrapper))
    assert message.startswith("variant 'wrapping', hook mjsim_legal_actions: a wrapper is refused")
    assert "\n" not in message


# --- The legal-actions chain --------------------------------------------------------------------------------------


def tagging(tag: str, **opts):
    """A legal-actions filter that appends a DISCARD of ``tag`` to the list it is given."""

    @hookimpl(**opts)
    def mjsim_legal_actions(game, seat, actions):
        return [*actions, Action(DISCARD, tag)]

    return mjsim_legal_actions


def chain_tags(flow: Hooks) -> list:
    """The order in which the chain's filters ran."""
    return [a.tile for a in flow.legal_actions(GAME, 0, [])]


def test_the_chain_runs_in_rule_set_order(variants):
    flow = flow_of(variants("a", tagging("a")), variants("b", tagging("b")), variants("c", tagging("c")))
    assert chain_tags(flow) == ["a", "b", "c"]


def test_tryfirst_runs_first_and_trylast_last_in_the_chain(variants):
    modules = [
        variants("late1", tagging("late1", trylast=True)),
        variants("late2", tagging("late2", trylast=True)),
        variants("plain", tagging("plain")),
        variants("early1", tagging("early1", tryfirst=True)),
        variants("early2", tagging("early2", tryfirst=True)),
    ]
    assert chain_tags(flow_of(*modules)) == ["early1", "early2", "plain", "late1", "late2"]


def test_a_filter_returning_none_keeps_the_list(variants):
    flow = flow_of(variants("a", tagging("a")), variants("keeper", keep_everything))
    assert chain_tags(flow) == ["a"]


# --- Collecting hooks and named results -------------------------------------------------------------------------


def meld_payment(amount):
    """An implementation of mjsim_settle_meld paying two transfers of ``amount``."""

    @hookimpl
    def mjsim_settle_meld(game, seat, meld):
        return [amount, amount]

    return mjsim_settle_meld


def test_collecting_hooks_return_one_flat_list(variants):
    flow = flow_of(variants("a", meld_payment(1)), variants("b", meld_payment(2)))
    assert sorted(flow.settle_meld(GAME, 0, None)) == [1, 1, 2, 2]


@hookimpl
def mjsim_after_win(game, wins):
    """Play goes on after the discarder."""
    return ContinueAfterWin(after=wins[0][2])


def test_after_win_returns_how_play_goes_on(variants):
    assert flow_of(variants("blood", mjsim_after_win)).after_win(GAME, WINS) == ContinueAfterWin(after=1)


# --- Refusals at compile time -----------------------------------------------------------------------------------


@hookimpl
def mjsim_settle_wn(game, wins):
    """A typo of mjsim_settle_win."""


@hookimpl
def settle_win_with_extra(game, wins, table):
    """Names an argument the hook does not have."""


settle_win_with_extra.__name__ = "mjsim_settle_win"


@hookimpl(wrapper=True)
def settle_win_not_a_generator(game, wins):
    """Declared a wrapper but never yields."""
    return []


settle_win_not_a_generator.__name__ = "mjsim_settle_win"


@pytest.mark.parametrize(
    ("impl", "expected"),
    [
        pytest.param(
            mjsim_settle_wn,
            "variant 'typo': mjsim_settle_wn is not a hook of mjsim.hookspecs; did you mean mjsim_settle_win?",
            id="unknown-hook",
        ),
        pytest.param(
            settle_win_with_extra,
            "variant 'typo', hook mjsim_settle_win: Argument(s) {'table'} are declared in the hookimpl but can not "
            "be found in the hookspec",
            id="argument-not-in-spec",
        ),
        pytest.param(
            settle_win_not_a_generator,
            "variant 'typo', hook mjsim_settle_win: Declared as wrapper=True or hookwrapper=True but function is not "
            "a generator function",
            id="wrapper-not-a-generator",
        ),
    ],
)
def test_a_bad_implementation_is_refused_in_one_line(variants, impl, expected):
    assert refusal(variants("typo", impl)) == expected


def telling(value):
    """An implementation of mjsim_observe setting the key "shared" to ``value``."""

    @hookimpl
    def mjsim_observe(game, seat):
        return {"shared": value, value: True}

    return mjsim_observe


def test_merged_facts_take_a_later_variants_value(variants):
    flow = flow_of(variants("a", telling("a")), variants("b", telling("b")))
    assert flow.observe(GAME, 0) == {"shared": "b", "a": True, "b": True}


# --- Options: declared through pluggy, one call per variant with its prefix ----------------------------------


def one_option(variant, name, default):
    """A declaration list of one option, ``variant.name``."""
    options = Declarations(variant)
    options.option(name, default, f"the {name} option")
    return options


def declaring(variant, name, default):
    """An implementation of mjsim_add_options declaring ``variant.name``."""

    @hookimpl
    def mjsim_add_options(registry):
        registry.add_all(one_option(variant, name, default))

    return mjsim_add_options


def test_each_variant_declares_under_its_own_prefix_in_rule_set_order(variants):
    rules = RuleSet("test", (variants("b", declaring("b", "size", 2)), variants("a", declaring("a", "size", 1))))
    assert list(rules.compile().values.items()) == [("b.size", 2), ("a.size", 1)]


def test_a_variant_declaring_another_variants_option_fails_naming_both(variants):
    with pytest.raises(MjsimError, match="variant a declares option b.size of variant b"):
        RuleSet("test", (variants("a", declaring("b", "size", 1)),)).compile()


def test_an_option_hook_taking_no_arguments_is_called(variants):
    called = []

    @hookimpl
    def mjsim_add_options():
        called.append(True)

    RuleSet("test", (variants("quiet", mjsim_add_options),)).compile()
    assert called == [True]


def test_a_wrapper_on_the_option_hook_sees_its_own_variants_registry(variants):
    @hookimpl(wrapper=True)
    def mjsim_add_options(registry):
        yield
        registry.add_all(one_option("wrapped", "after", True))

    module = variants("wrapped", mjsim_add_options)
    rules = RuleSet("test", (variants("plain", declaring("plain", "size", 3)), module)).compile()
    assert set(rules.values) == {"plain.size", "wrapped.after"}


def test_the_manager_finds_pluggys_hook_implementations_and_the_functions_under_a_hooks_name():
    import pluggy

    from mjsim.rules.plugins import PluginManager, installed_variants, load_variant

    ours, theirs = PluginManager(), pluggy.PluginManager("mjsim")
    for name in sorted(installed_variants()):
        module = load_variant(name)
        for attr in dir(module):
            expected = theirs.parse_hookimpl_opts(module, attr)
            if expected is None and attr.startswith("mjsim_") and callable(getattr(module, attr)):
                expected = {}  # an imported function under the hook's name: registered with pluggy's defaults
            assert ours.parse_hookimpl_opts(module, attr) == expected, (name, attr)

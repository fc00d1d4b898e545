"""Declared options and the compiled rules that hold their values.

An option is one object: an ``Option`` carries its default, description and
what values it takes, and it is its own key.  A variant declares its options
once, in order, on a ``Declarations`` list (``OPTIONS = Declarations("riichi")``,
then ``KUITAN = OPTIONS.option("kuitan", True, "...")``); its
``mjsim_add_options`` hook hands the list to the registry (``add_all``), and
the key is ``<variant>.<name>``.  After compilation every declared key has a
value, so code reads ``rules[KUITAN]`` with no default.

Why an ``Option`` is a ``str`` (its text is the key, ``"riichi.kuitan"``): the
compiled hot path reads options in loops, and with the option as the key a
read is one dict lookup, with no conversion from object to key; presets, game
logs, fingerprints, JSON and ``--set KEY=VALUE`` keep their text keys, and a
plain string still reads the same value.

An option whose meaning is a number (or a tuple of numbers) declares its
``Numbers``: any value in that range is accepted, beside the named choices the
seeds list.  This module imports neither the plugin layer nor presets.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, NoReturn, Self, TypeVar, overload

from mjsim.errors import MjsimError
from mjsim.rules.numbers import Numbers

__all__ = ["Declarations", "Numbers", "Option", "OptionRegistry", "Rules", "option_values"]

T = TypeVar("T", covariant=True)  # an option's value type: an option only gives values out, never takes them
V = TypeVar("V")


class Option(str, Generic[T]):
    """One declared option, and its own key: a ``str`` whose text is ``<variant>.<name>``, with its default,
    description and what values it takes as read-only attributes."""

    default: Any
    description: str
    choices: tuple[Any, ...] | None  # allowed values; None: any value of the default's type
    multi: bool  # a set of choices, written "a,b,c" ("none" for the empty set)
    parser: Callable[[Any], Any] | None  # the option's own conversion (a value or an MjsimError's reason)
    numbers: Numbers | None  # the numbers it takes besides its named choices (a range, or tuples in one)

    def __new__(
        cls,
        key: str,
        default: Any,
        description: str,
        choices: Iterable[Any] | None = None,
        multi: bool = False,
        parser: Callable[[Any], Any] | None = None,
        numbers: Numbers | None = None,
    ) -> Self:
        """The option ``key``; its attributes are fixed here, once (``Declarations.option`` is how variants
        declare one)."""
        self = super().__new__(cls, key)
        listed = tuple(choices) if choices is not None else None
        fields = vars(self)  # written past __setattr__, which refuses
        fields.update(default=default, description=description, choices=listed, multi=multi)
        fields.update(parser=parser, numbers=numbers)
        return self

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        """Refused: an option is declared once and shared by every rule set that declares it."""
        raise AttributeError(f"option {self.key} is read-only (its {name} is set where it is declared)")

    def __delattr__(self, name: str) -> NoReturn:
        """Refused, as ``__setattr__``."""
        raise AttributeError(f"option {self.key} is read-only (its {name} is set where it is declared)")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its key and attributes (``str``'s own pickling would rebuild it from the key alone)."""
        fields = (self.default, self.description, self.choices, self.multi, self.parser, self.numbers)
        return type(self), (self.key, *fields)

    @property
    def key(self) -> str:
        """The key as a plain ``str`` (``"riichi.kuitan"``)."""
        return str.__str__(self)

    def parse(self, raw: Any) -> Any:
        """Convert a value from TOML or ``--set KEY=VALUE`` and check it."""
        if self.parser is not None:
            return self._checked_number(raw, self._own_parse(raw))
        if self.numbers is not None:
            return self._checked_number(raw, self._number_or_choice(raw))
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

    def _own_parse(self, raw: Any) -> Any:
        """The option's own parser: its value, or its error text naming the option."""
        try:
            return self.parser(raw)
        except MjsimError as error:
            if self.numbers is not None:  # a ranged option's error also gives the range
                raise MjsimError(self._bad(raw, str(error))) from None
            raise MjsimError(f"option {self.key}: bad value {raw!r} ({error})") from None

    def is_choice(self, value: Any) -> bool:
        """Whether ``value`` is one of the named choices (a bool never matches a number, nor 2.0 a 2)."""
        return self.choices is not None and any(_same(value, choice) for choice in self.choices)

    def _number_or_choice(self, raw: Any) -> Any:
        """A named choice as it is named ("none", or 30000 written "30000"), else the number ``raw`` writes."""
        if self.is_choice(raw):
            return raw
        if isinstance(raw, str):
            for choice in self.choices or ():
                if not isinstance(choice, bool) and str(choice) == raw.strip():
                    return choice
        try:
            return self.numbers.convert(raw)
        except MjsimError as error:
            raise MjsimError(self._bad(raw, str(error))) from None

    def _checked_number(self, raw: Any, value: Any) -> Any:
        """``value`` unless it is a number (not a named choice) outside the declared range."""
        if self.numbers is None or self.is_choice(value):
            return value
        why = self.numbers.problem(value)
        if why:
            raise MjsimError(self._bad(raw, why))
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
        if isinstance(raw, str) and self.choices and raw not in self.choices:
            return _number_choice(raw, self.choices)  # "--set x=1000" for a word default with number choices
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
        if self.numbers is not None:
            named = f"one of: {', '.join(map(str, self.choices))}, or " if self.choices else ""
            shorthand = ", or the shorthand its description gives" if self.parser is not None else ""
            return f"{named}{self.numbers.describe()}{shorthand}"
        if self.choices is not None:
            what = ", ".join(map(str, self.choices))
            if self.parser is not None:
                return f"one of: {what}, or the form its description gives"
            return f"a comma-separated subset of: {what}" if self.multi else f"one of: {what}"
        return {bool: "true or false", int: "an integer"}.get(type(self.default), type(self.default).__name__)

    def _bad(self, raw: Any, why: str = "") -> str:
        """The error text for a bad value."""
        detail = f" ({why})" if why else ""
        return f"option {self.key}: bad value {raw!r}{detail}; expected {self.allowed()}"


class Declarations(Sequence[Option[Any]]):
    """One variant's options in the order it declares them: ``OPTIONS = Declarations("riichi")``, then one
    ``KUITAN = OPTIONS.option("kuitan", True, "...")`` per option; ``mjsim_add_options`` hands the list over."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self._options: list[Option[Any]] = []

    @overload
    def option(
        self, name: str, default: bool, description: str, *, choices: Iterable[bool] | None = None
    ) -> Option[bool]: ...

    @overload
    def option(
        self, name: str, default: int, description: str, *, choices: Iterable[int] | None = None
    ) -> Option[int]: ...

    @overload
    def option(self, name: str, default: str, description: str, *, choices: Iterable[str]) -> Option[str]: ...

    @overload
    def option(
        self, name: str, default: Iterable[str], description: str, *, choices: Iterable[str], multi: Literal[True]
    ) -> Option[frozenset[str]]: ...

    @overload
    def option(
        self,
        name: str,
        default: Any,
        description: str,
        *,
        choices: Iterable[Any] | None = None,
        multi: bool = False,
        parser: Callable[[Any], Any] | None = None,
        numbers: Numbers | None = None,
    ) -> Option[Any]: ...

    def option(
        self,
        name: str,
        default: Any,
        description: str,
        *,
        choices: Iterable[Any] | None = None,
        multi: bool = False,
        parser: Callable[[Any], Any] | None = None,
        numbers: Numbers | None = None,
    ) -> Option[Any]:
        """Declare ``<variant>.<name>`` with its default and a one-line description; the option is the key constant.

        ``choices`` lists the allowed values (None: any value of the default's type); with ``multi`` a value is
        a set of them. ``parser`` (optional) converts and checks a raw value itself (TOML or ``--set`` text),
        raising MjsimError with the reason; ``choices`` then only lists the named values for ``mjsim rules``.
        ``numbers`` (optional) is the range of numbers the option takes besides its named ``choices`` (a
        ``parser``'s result that is not a named choice is checked against it too); a sibling option named in its
        ``at_least`` gets the variant's prefix. The value types the overloads give are the ones ``parse`` returns:
        a bool, a whole number, one of the words, a frozenset of words; anything else is ``Any``.
        """
        key = f"{self.variant}.{name}"
        if key in self._options:
            raise MjsimError(f"option {key} is declared twice")
        if numbers is not None and numbers.at_least is not None and "." not in numbers.at_least:
            numbers = replace(numbers, at_least=f"{self.variant}.{numbers.at_least}")  # a sibling option's name
        option: Option[Any] = Option(key, default, description, choices, multi, parser, numbers)
        option.parse(list(default) if multi else default)  # a wrong default is a bug: fail loudly, on import
        self._options.append(option)
        return option

    @overload
    def __getitem__(self, index: int) -> Option[Any]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Option[Any]]: ...

    def __getitem__(self, index: int | slice) -> Option[Any] | Sequence[Option[Any]]:
        """The options in declaration order."""
        return self._options[index]

    def __len__(self) -> int:
        """How many options the variant declares."""
        return len(self._options)


class OptionRegistry:
    """Where variants declare their options (passed to ``mjsim_add_options``)."""

    def __init__(self) -> None:
        self.options: dict[str, Option[Any]] = {}
        self._variant = ""  # the variant whose view this is ("": any)

    def add_all(self, declarations: Iterable[Option[Any]]) -> None:
        """Declare every option of a variant's ``Declarations``, in their order; each must carry the prefix of
        the variant registering it (its key names the variant that declares it)."""
        for option in declarations:
            owner = option.partition(".")[0]
            if self._variant and owner != self._variant:
                raise MjsimError(
                    f"variant {self._variant} declares option {option.key} of variant {owner}: "
                    f"a variant declares only {self._variant}.<name> options"
                )
            if option in self.options:
                raise MjsimError(f"option {option.key} is declared twice")
            self.options[option] = option

    def for_variant(self, variant: str) -> OptionRegistry:
        """A view that takes only ``variant.`` options."""
        view = OptionRegistry.__new__(OptionRegistry)
        view.options, view._variant = self.options, variant
        return view


@dataclass(frozen=True)
class Rules(Mapping[str, Any]):
    """A compiled rule set: option values, registered patterns and pre-resolved hooks.

    It is also the read-only mapping of its option values (``rules[KUITAN]``, ``get``, ``in``, iteration), so
    it goes wherever a mapping of option values goes; ``values`` is that mapping itself, for what needs it
    whole (fingerprints, logs).
    """

    ruleset: Any  # the mjsim.rules.RuleSet compiled (typed loosely: this module does not import rules)
    declared: Mapping[str, Option[Any]]
    values: Mapping[str, Any]  # type: ignore[assignment]  # the raw mapping, in the place of Mapping.values()
    patterns: tuple[Any, ...] = ()
    pattern_index: Any = None  # mjsim.scoring.PatternIndex of ``patterns``
    score_win: Callable[..., Any] | None = None
    hook: Any = None  # the plugin manager's hook relay, for rarely called hooks
    flow: Any = None  # mjsim.rules.hooks.Hooks: the game-flow hooks, when the rule set can play games
    ask: Any = None  # mjsim.rules.asking.Ask: the hooks players, checks, logs and environments ask

    @overload
    def __getitem__(self, key: Option[V]) -> V: ...

    @overload
    def __getitem__(self, key: str) -> Any: ...

    def __getitem__(self, key: str) -> Any:
        """The value of option ``key`` (every declared key has one): one dict lookup, the option being its key."""
        return self.values[key]

    def __contains__(self, key: object) -> bool:
        """Whether a variant of the rule set declares option ``key``."""
        return key in self.values

    def __iter__(self) -> Iterator[str]:
        """The option keys, in declaration order."""
        return iter(self.values)

    def __len__(self) -> int:
        """How many options the rule set declares."""
        return len(self.values)

    def __bool__(self) -> bool:
        """Always true: a rule set with no options is still a rule set (a Mapping would be false when empty)."""
        return True

    def require_play(self, name: str = "") -> Any:
        """The game-flow hooks (``flow``); an MjsimError naming the rule set (``name``, else its own) when no
        variant sets a table, as in a scoring-only rule set."""
        if self.flow is None:
            shown = name or self.ruleset.name
            raise MjsimError(f"rule set {shown} cannot play games (no variant answers mjsim_table_setup)")
        return self.flow


def option_values(declared: Mapping[str, Option], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's default, overridden by ``overrides``; every key and value checked."""
    values = {key: opt.parse(opt.default) for key, opt in declared.items()}
    for key, raw in overrides.items():
        if key not in declared:
            raise MjsimError(_unknown_key(key, declared))
        values[key] = declared[key].parse(raw)
    _check_relations(declared, values)
    return values


def _check_relations(declared: Mapping[str, Option], values: Mapping[str, Any]) -> None:
    """Every ``Numbers.at_least`` holds: a number is not below the other option's number (named words exempt)."""
    for key, opt in declared.items():
        other = opt.numbers.at_least if opt.numbers is not None else None
        if other is None or other not in values:
            continue
        value, floor = values[key], values[other]
        if _is_number(value) and _is_number(floor) and value < floor:
            raise MjsimError(f"option {key}: bad value {value!r} (below {other} = {floor!r}); expected {opt.allowed()}")


def _is_number(value: Any) -> bool:
    """An int or float that is not a bool."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _same(value: Any, choice: Any) -> bool:
    """Equal and of the same kind: True is not 1, 2.0 is not 2 (a choice is matched exactly)."""
    return type(value) is type(choice) and value == choice


def _unknown_key(key: str, declared: Mapping[str, Option]) -> str:
    """Error text for an option nobody declared, with the closest known keys."""
    close = difflib.get_close_matches(key, list(declared), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known options: {', '.join(sorted(declared))}"
    return f"unknown option {key!r}{hint}"


def _number_choice(text: str, choices: tuple[Any, ...]) -> Any:
    """The number among ``choices`` that ``text`` writes ("1000" -> 1000), else ``text`` unchanged."""
    stripped = text.strip()
    for choice in choices:
        if isinstance(choice, int) and not isinstance(choice, bool) and stripped == str(choice):
            return choice
    return text

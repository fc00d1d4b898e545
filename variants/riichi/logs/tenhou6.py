"""Reader of tenhou.net/6 JSON: one game object per file, or JSON Lines (one round per line, merged).

A round is ``[[kyoku, honba, sticks], [4 scores], [dora indicators], [ura indicators], haipai0,
draws0, discards0, ... x4, result]`` with tiles coded 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours,
51-53 red fives.  The format keeps each seat's draws and discards apart; the order of play is rebuilt
here: the dealer draws first, a discard is followed by a call (the call string heading the caller's
draw list) or by the next seat's draw, kans are followed by the same seat's replacement draw.  When a
discard could have been called by more than one seat, the choices are searched until every list is
used up exactly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import load_json
from variants.riichi.logs.model import (
    RED_FIVES,
    AgariRecord,
    DrawRecord,
    GameLog,
    LogEvent,
    LogMeld,
    Result,
    RoundLog,
    read_source,
    rules_from_go_type,
    settle,
)

# Tenhou yaku ids 0..54 (the names Tenhou's own JSON uses).
YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北", "役牌 白", "役牌 發",
    "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元",
    "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
# Names seen in files written by the English client, and a few spelling variants.
_YAKU_ALIASES = {"Riichi": 1, "Ippatsu": 2, "Dora": 52, "Ura Dora": 53, "Red Five": 54, "Aka Dora": 54,
                 "国士無双13面": 48, "国士無双十三面": 48,
                 "抜きドラ": 52, "役牌:自風牌": 10, "役牌:場風牌": 14}  # fmt: skip
# Mahjong Soul's names: its own entry for sanma's Norths (Tenhou counts them as ドラ), and wind yaku that do not
# name the wind (read as East's ids: a replay compares the points, not the ids).
YAKU_IDS = {name: i for i, name in enumerate(YAKU_NAMES)} | _YAKU_ALIASES
LIMIT_NAMES = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
_LIMIT_BASIC = {1: 2000, 2: 3000, 3: 4000, 4: 6000, 5: 8000}
DRAW_NAMES = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打",
              "nm": "流し満貫"}  # fmt: skip
_DRAW_TYPES = {name: kind for kind, name in DRAW_NAMES.items()}

_SCORE = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>数え役満|\d+倍役満|役満|三倍満|倍満|跳満|満貫))"
    r"(?:(?P<a>\d+)(?:-(?P<b>\d+))?点)?(?P<all>∀)?$"
)
_YAKU = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|役満)\)$")
_CALL = re.compile(r"^((?:\d\d)*)([cpmkaf])(\d\d(?:\d\d)*)$")
_RIICHI = re.compile(r"^r(\d\d)$")
# Position of the letter (in tiles) -> from_rel (3 = previous seat, 2 = opposite, 1 = next seat).
_FROM = {"c": {0: 3}, "p": {0: 3, 1: 2, 2: 1}, "k": {0: 3, 1: 2, 2: 1}, "m": {0: 3, 1: 2, 3: 1}}
_SIZE = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4, "f": 1}
_MAX_ATTEMPTS = 200
TSUMOGIRI = 60


class _Bad(MjsimError):
    """A data error inside a round; the reader adds the file and the round."""


class _Dead(Exception):
    """This reading of the turn order does not use up the lists: try another."""


def read_tenhou6(path: str | Path) -> GameLog:
    """Read a tenhou.net/6 JSON file (one object, or JSON Lines of one-round objects) into a GameLog."""
    path = Path(path)
    try:
        text = read_source(path).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MjsimError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return _game(_objects(path, text), str(path))


def _objects(path: Path, text: str) -> list[tuple[str, Any]]:
    """The JSON objects of the file, each with a label saying where it is."""
    try:
        return [("", load_json(text, str(path)))]
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise MjsimError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    objects = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                objects.append((f"line {number}, ", load_json(line, f"{path}: line {number}")))
            except json.JSONDecodeError as exc:
                raise MjsimError(f"{path}: line {number} is not valid JSON ({exc.msg}, column {exc.colno})") from None
    return objects


def game_from_tenhou6(data: dict[str, Any] | list[dict[str, Any]], source: str = "<tenhou6>") -> GameLog:
    """A GameLog from a parsed tenhou.net/6 object, or from a list of them (one round each) to merge."""
    if isinstance(data, list):
        return _game([(f"object {i}, ", obj) for i, obj in enumerate(data)], source)
    return _game([("", data)], source)


def _game(objects: list[tuple[str, Any]], source: str) -> GameLog:
    """A GameLog from tenhou.net/6 objects, each labelled with where it comes from (for messages)."""
    for label, obj in objects:
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise MjsimError(f"{source}: {label}not a tenhou.net/6 game (an object with a 'log' list)")
    first = objects[0][1]
    players = 3 if is_three_player(first) else 4
    unread = None
    try:
        rounds = _rounds(objects, source, _read_round)
    except MjsimError as exc:
        if players == 4:
            raise
        # Three-player play (北抜き, a nuki robbed, Mahjong Soul's names) is a later issue: keep the deals.
        rounds, unread = _rounds(objects, source, _read_deal), str(exc)
    final = next((_final(source, label, obj["sc"]) for label, obj in reversed(objects) if "sc" in obj), None)
    name, rule = first.get("name"), first.get("rule")
    names = tuple(str(n) for n in name) if isinstance(name, list) else ("", "", "", "")
    rules = _rules(rule if isinstance(rule, dict) else {}, players)
    if unread:
        rules["unread"] = unread  # why only the deals were read (a replay skips a 3-player game anyway)
    return GameLog(source, "tenhou6", rules, names, tuple(rounds), final)


def _rounds(objects: list[tuple[str, Any]], source: str, read: Callable[[Any], RoundLog]) -> list[RoundLog]:
    """Every round of the objects, read by ``read``; a round that cannot be read is an error naming it."""
    rounds: list[RoundLog] = []
    for label, obj in objects:
        for index, raw in enumerate(obj["log"]):
            try:
                rounds.append(read(raw))
            except (_Bad, KeyError, IndexError, TypeError, ValueError) as exc:  # ValueError: MjsimError too
                raise MjsimError(f"{source}: {label}log[{index}]{_round_name(raw)}: {_describe(exc)}") from None
    if not rounds:
        raise MjsimError(f"{source}: the log has no round")
    return rounds


def is_three_player(obj: dict[str, Any]) -> bool:
    """Whether a tenhou.net/6 game is three-player (sanma), told from the game object before any round is read.

    The lobby name says 三 ("三鳳南喰赤"), or the first round deals the fourth seat nothing: the converters keep
    four-entry arrays, with empty lists and a start score of 0 for the absent North seat (a 0 score alone
    does not tell: a four-player seat may stand at 0).
    """
    rule = obj.get("rule")
    if isinstance(rule, dict) and "三" in str(rule.get("disp", "")):
        return True
    try:
        return obj["log"][0][4 + 3 * 3] == []
    except (IndexError, KeyError, TypeError):
        return False  # too broken to tell: reading the round names what is wrong


def _round_name(raw: Any) -> str:
    """The round's name for messages, like " (E1-0)", or "" when its first field cannot be read."""
    try:
        kyoku, honba = int(raw[0][0]), int(raw[0][1])
        return f" ({'ESWN'[kyoku // 4 % 4]}{kyoku % 4 + 1}-{honba})"
    except (TypeError, ValueError, IndexError, KeyError):
        return ""


def _describe(exc: Exception) -> str:
    """A message for an exception caught while reading a round."""
    if isinstance(exc, MjsimError):
        return str(exc)
    if isinstance(exc, KeyError | IndexError):
        return f"a field is missing ({type(exc).__name__}: {exc})"
    return f"a field has the wrong type or value ({exc})"


def _final(source: str, label: str, sc: Any) -> tuple[tuple[int, float], ...]:
    """The ``sc`` list [points0, uma0, points1, uma1, ...] as (points, uma) pairs."""
    if not isinstance(sc, list) or len(sc) < 8 or not all(isinstance(x, int | float) for x in sc[:8]):
        raise MjsimError(f"{source}: {label}'sc' is not a list of 4 (points, uma) pairs")
    return tuple((int(sc[i]), float(sc[i + 1])) for i in range(0, 8, 2))


def _rules(rule: dict[str, Any], players: int) -> dict[str, Any]:
    """The rules as far as the ``rule`` object says (the GO type is rebuilt from the display name)."""
    disp = str(rule.get("disp", ""))
    if "aka" in rule:  # the aka keys decide what viewers show; "disp" can disagree (four_reach.json)
        red = bool(rule["aka"])
    else:
        red = any(rule.get(k) for k in ("aka51", "aka52", "aka53")) or "赤" in disp
    hanchan = "南" in disp or "South" in disp
    open_tanyao = "喰" in disp or not any("\u3000" <= ch <= "\u9fff" for ch in disp)
    lobby = next((bits for key, bits in _LOBBY_BITS.items() if key in disp), None)
    go_type = None
    if lobby is not None:
        go_type = 0x01 | lobby | (0 if red else 0x02) | (0 if open_tanyao else 0x04) | (0x08 if hanchan else 0)
        go_type |= (0x10 if players == 3 else 0) | (0x40 if "速" in disp else 0)
    rules = rules_from_go_type(go_type, players, disp=disp)
    rules.update(red=red, open_tanyao=open_tanyao, hanchan=hanchan)
    if "の間" in disp:  # a Mahjong Soul room (銅の間 ... 王座の間): open tanyao, whatever the name shows
        rules.update(venue="mahjongsoul", open_tanyao=True)
    return rules


_LOBBY_BITS = {"般": 0x00, "上": 0x80, "特": 0x20, "鳳": 0xA0, "Gold": 0x20, "Phoenix": 0xA0}


# ---- tiles ---------------------------------------------------------------------------------------


def code_kind(code: Any) -> tuple[int, bool]:
    """The kind (0..33) and redness of a tenhou6 tile code."""
    if isinstance(code, int) and not isinstance(code, bool):
        if code in (51, 52, 53):
            return (code - 51) * 9 + 4, True
        suit, number = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= number <= 9:
            return (suit - 1) * 9 + number - 1, False
        if suit == 4 and 1 <= number <= 7:
            return 27 + number - 1, False
    raise _Bad(f"{code!r} is not a tile code")


def tile_code(tile: int, red: bool = True) -> int:
    """The tenhou6 code of a 136-id (a red-five id is a plain five when the game has no red fives)."""
    if red and tile in RED_FIVES:
        return 51 + tile // 36
    kind = tile // 4
    if kind >= 27:
        return 41 + kind - 27
    return 11 + (kind // 9) * 10 + kind % 9


class _Tiles:
    """Gives each tile code met in a round a 136-id: the red id, or the lowest unused plain copy."""

    def __init__(self) -> None:
        self.code_of: dict[int, int] = {}

    def copy(self) -> _Tiles:
        """An independent copy (each reading of the order of play starts from the dealt tiles)."""
        other = _Tiles()
        other.code_of = dict(self.code_of)
        return other

    def new(self, code: Any) -> int:
        """The id for a tile code met for the first time (dealt, drawn or an indicator)."""
        kind, red = code_kind(code)
        base = kind * 4
        copies = [base] if red else [t for t in range(base, base + 4) if t not in RED_FIVES]
        if not red and base + 1 in (17, 53, 89):
            copies.append(base)  # a game without red fives has four plain fives
        for tile in copies:
            if tile not in self.code_of:
                self.code_of[tile] = code
                return tile
        raise _Bad(f"tile code {code} appears more often than the set holds")


# ---- calls ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Call:
    """A parsed call string: the letter, the codes in string order, and the index of the letter's tile."""

    letter: str
    codes: tuple[int, ...]
    pos: int
    from_rel: int | None

    @property
    def called(self) -> int:
        """The code of the called (or, for kakan, the added) tile."""
        return self.codes[self.pos]


def _parse_call(text: str) -> _Call:
    """Parse "c121314", "41p4141", "393939m39", "3636k3636", "121212a12" or "f44"."""
    match = _CALL.match(text)
    if not match:
        raise _Bad(f"{text!r} is not a call")
    head, letter, tail = match.groups()
    codes = tuple(int(head[i : i + 2]) for i in range(0, len(head), 2))
    pos = len(codes)
    codes += tuple(int(tail[i : i + 2]) for i in range(0, len(tail), 2))
    for code in codes:
        code_kind(code)
    if len(codes) != _SIZE[letter]:
        raise _Bad(f"{text!r}: a '{letter}' call has {_SIZE[letter]} tiles")
    from_rel = _FROM[letter].get(pos) if letter in _FROM else None
    if letter in _FROM and from_rel is None:
        raise _Bad(f"{text!r}: the letter is in no seat's position")
    return _Call(letter, codes, pos, from_rel)


# ---- one round ---------------------------------------------------------------------------------------


@dataclass
class _Input:
    """The checked fields of a round, before the order of play is rebuilt."""

    kyoku: int
    honba: int
    sticks: int
    start: tuple[int, ...]
    players: int
    tiles: _Tiles
    hands: tuple[tuple[int, ...], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    draws: tuple[list[Any], ...]
    discards: tuple[list[Any], ...]
    result: list[Any]

    @property
    def dealer(self) -> int:
        """The dealer's seat (tenhou6 does not record it: East 1 is seat 0's deal)."""
        return self.kyoku % 4


def _read_round(raw: Any) -> RoundLog:
    """One round of the ``log`` list."""
    inp = _input(raw)
    sim = _search(inp)
    results = _results(inp, sim)
    events = tuple(sim.events)
    dora = inp.dora[0]
    end = settle(inp.start, sim.events, results)
    return RoundLog(
        inp.kyoku, inp.honba, inp.sticks, inp.dealer, None, dora, inp.start, inp.hands, events, tuple(results), end
    )


def _read_deal(raw: Any) -> RoundLog:
    """A round's deal and start scores only, without its play or result (a three-player round, for now)."""
    kyoku, honba, sticks = _int_list(raw[0], "[kyoku, honba, sticks]", 3)
    start = tuple(_int_list(raw[1], "start scores", 4))
    tiles = _Tiles()
    hands = tuple(tuple(tiles.new(c) for c in _list(raw[4 + 3 * s], f"seat {s} haipai")) for s in range(4))
    dora = [tiles.new(c) for c in _list(raw[2], "dora indicators")]
    if not dora:
        raise _Bad("no dora indicator")
    return RoundLog(kyoku, honba, sticks, kyoku % 4, None, dora[0], start, hands, (), (), None)


def _input(raw: Any) -> _Input:
    """Check the shape of a round and give its dealt tiles and indicators their ids."""
    if not isinstance(raw, list) or len(raw) != 17:
        raise _Bad(f"a round is a list of 17 fields, not {len(raw) if isinstance(raw, list) else type(raw).__name__}")
    kyoku, honba, sticks = _int_list(raw[0], "[kyoku, honba, sticks]", 3)
    start = tuple(_int_list(raw[1], "start scores", 4))
    tiles = _Tiles()
    hands = []
    for seat in range(4):
        haipai = _list(raw[4 + 3 * seat], f"seat {seat} haipai")
        if len(haipai) not in (0, 13):
            raise _Bad(f"seat {seat} haipai has {len(haipai)} tiles, not 13")
        hands.append(tuple(tiles.new(code) for code in haipai))
    players = 4 if hands[3] else 3
    if not hands[0] or not hands[1] or not hands[2]:
        raise _Bad("a seat other than the fourth has no haipai")
    dora = tuple(tiles.new(c) for c in _list(raw[2], "dora indicators"))
    if not dora:
        raise _Bad("no dora indicator")
    ura = tuple(tiles.new(c) for c in _list(raw[3], "ura indicators"))
    draws = tuple(_list(raw[5 + 3 * s], f"seat {s} draws") for s in range(4))
    discards = tuple(_list(raw[6 + 3 * s], f"seat {s} discards") for s in range(4))
    result = _list(raw[16], "result")
    for seat in range(4):
        _check_entries(seat, draws[seat], discards[seat])
    return _Input(kyoku, honba, sticks, start, players, tiles, tuple(hands), dora, ura, draws, discards, result)


def _check_entries(seat: int, draws: list[Any], discards: list[Any]) -> None:
    """Every draw is a tile or a chi/pon/daiminkan; every discard a tile, 60, 0, a riichi or a kan/nuki."""
    for index, entry in enumerate(draws):
        where = f"seat {seat} draws[{index}]"
        if isinstance(entry, str):
            if _at(where, _parse_call, entry).letter not in "cpm":
                raise _Bad(f"{where}: {entry!r} is not a chi, pon or daiminkan")
        else:
            _at(where, code_kind, entry)
    for index, entry in enumerate(discards):
        where = f"seat {seat} discards[{index}]"
        if isinstance(entry, str) and _RIICHI.match(entry):
            entry = int(entry[1:])
        if isinstance(entry, str):
            if _at(where, _parse_call, entry).letter not in "kaf":
                raise _Bad(f"{where}: {entry!r} is not a kakan, ankan or nuki")
        elif entry not in (0, TSUMOGIRI):
            _at(where, code_kind, entry)


def _list(value: Any, name: str) -> list[Any]:
    """The value, checked to be a list."""
    if not isinstance(value, list):
        raise _Bad(f"{name}: not a list")
    return value


def _int_list(value: Any, name: str, size: int) -> list[int]:
    """The value, checked to be a list of ``size`` integers."""
    values = _list(value, name)
    if len(values) != size or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise _Bad(f"{name}: not a list of {size} integers")
    return values


def _search(inp: _Input) -> _Play:
    """Rebuild the order of play: greedy first, then other choices where a discard could be called."""
    choices: list[int] = []
    first_dead: _Dead | None = None
    for _ in range(_MAX_ATTEMPTS):
        play = _Play(inp, choices)
        try:
            play.run()
            return play
        except _Dead as exc:
            first_dead = first_dead or exc
        made = list(zip(play.taken, play.options, strict=True))
        while made and made[-1][0] + 1 >= made[-1][1]:
            made.pop()
        if not made:
            break
        choices = [c for c, _ in made[:-1]] + [made[-1][0] + 1]
    raise _Bad(f"cannot rebuild the order of play: {first_dead}")


@dataclass
class _Play:
    """One reading of the order of play, following ``choices`` where a discard could be called."""

    inp: _Input
    choices: list[int]
    taken: list[int] = field(default_factory=list)
    options: list[int] = field(default_factory=list)
    events: list[LogEvent] = field(default_factory=list)
    ending: tuple[str, int] = ("", 0)  # ("tsumo" | "discard" | "kan", seat) of the last action

    def __post_init__(self) -> None:
        self.tiles = self.inp.tiles.copy()
        self.hands = [list(h) for h in self.inp.hands]
        self.melds: list[list[LogMeld]] = [[] for _ in range(4)]
        self.next_draw = [0] * 4
        self.next_discard = [0] * 4
        self.last_draw: list[int | None] = [None] * 4
        self.last_discard: int | None = None
        self.pending_dora = 0  # open kans whose indicator is turned at the declarer's next discard or kan
        self.kan_drawing: str | None = None  # the kan whose replacement tile is drawn next
        self.dora_shown = 1

    def run(self) -> None:
        """Play the lists through; raise _Dead if they are not used up exactly."""
        seat, need = self.inp.dealer, "draw"
        while need != "end":
            if need == "draw":
                need = self._draw(seat)
            elif need == "discard":
                need = self._discard(seat)
            else:
                seat, need = self._after_discard(seat)
        for s in range(4):
            left = len(self.inp.draws[s]) - self.next_draw[s], len(self.inp.discards[s]) - self.next_discard[s]
            if left != (0, 0):
                raise _Dead(f"seat {s} has {left[0]} draws and {left[1]} discards left at the end")
        if self.dora_shown != len(self.inp.dora):
            raise _Bad(f"{len(self.inp.dora)} dora indicators, but the kans turn {self.dora_shown}")

    def _choose(self, count: int) -> int:
        """Which of ``count`` options to follow at this decision (from ``choices``, else the first)."""
        index = len(self.taken)
        choice = self.choices[index] if index < len(self.choices) else 0
        self.taken.append(choice)
        self.options.append(count)
        return choice

    def _peek(self, lists: tuple[list[Any], ...], seat: int) -> Any:
        """The seat's next unused entry of its draw or discard list (None when used up)."""
        index = self.next_draw[seat] if lists is self.inp.draws else self.next_discard[seat]
        return lists[seat][index] if index < len(lists[seat]) else None

    def _draw(self, seat: int) -> str:
        """The seat draws (at the start of its turn, or a replacement tile after a kan)."""
        entry = self._peek(self.inp.draws, seat)
        if entry is None:
            self.ending = ("kan", seat)  # a kan robbed (chankan): no replacement draw
            return "end"
        if isinstance(entry, str):
            raise _Dead(f"seat {seat} draws[{self.next_draw[seat]}] is the call {entry!r} but nothing to call")
        where = f"seat {seat} draws[{self.next_draw[seat]}]"
        if self.kan_drawing:
            _at(where, self._kan_dora)
        tile = _at(where, self.tiles.new, entry)
        self.next_draw[seat] += 1
        self.hands[seat].append(tile)
        self.last_draw[seat] = tile
        self.events.append(LogEvent("draw", seat, tile))
        return "discard"

    def _discard(self, seat: int) -> str:
        """The seat's next discard-list entry: a discard (maybe riichi), a kan or a nuki."""
        entry = self._peek(self.inp.discards, seat)
        if entry is None:
            self.ending = ("tsumo", seat)  # tsumo or kyuushu kyuuhai: the round ends on the draw
            return "end"
        where = f"seat {seat} discards[{self.next_discard[seat]}]"
        self.next_discard[seat] += 1
        if isinstance(entry, str) and not _RIICHI.match(entry):
            call = _at(where, _parse_call, entry)
            _at(where, self._self_call, seat, call)
            return "draw"
        _at(where, self._throw, seat, entry)
        return "after"

    def _throw(self, seat: int, entry: Any) -> None:
        """A discard (``60`` = the drawn tile; ``"r.."`` = with a riichi declaration)."""
        riichi = isinstance(entry, str)
        code = int(_RIICHI.match(entry).group(1)) if riichi else entry
        self._flush_dora()
        if riichi:
            self.events.append(LogEvent("riichi", seat))
        if code == TSUMOGIRI:
            tile = self.last_draw[seat]
            if tile is None:
                raise _Bad("60 (the drawn tile) but the seat did not just draw")
            self.hands[seat].remove(tile)
        else:
            tile = self._take(seat, code)
        self.events.append(LogEvent("discard", seat, tile, tsumogiri=code == TSUMOGIRI))
        if riichi:  # withdrawn at the end if this very discard is ronned
            self.events.append(LogEvent("riichi_accepted", seat))
        self.last_draw[seat] = None
        self.last_discard = tile

    def _take(self, seat: int, code: int) -> int:
        """Remove a tile of this code from the seat's hand."""
        code_kind(code)
        matches = [t for t in self.hands[seat] if self.tiles.code_of[t] == code]
        if not matches:
            raise _Bad(f"seat {seat} has no {code} in hand")
        tile = min(matches)
        self.hands[seat].remove(tile)
        return tile

    def _self_call(self, seat: int, call: _Call) -> None:
        """Kakan, ankan or nuki from the discard list (a replacement draw follows)."""
        if call.letter == "k":
            meld = self._kakan(seat, call)
        elif call.letter == "a":
            meld = LogMeld("ankan", tuple(self._take(seat, c) for c in call.codes))
        elif call.letter == "f":
            meld = LogMeld("nuki", (self._take(seat, call.codes[0]),))
        else:
            raise _Bad(f"a '{call.letter}' call in the discard list")
        self.melds[seat].append(meld)
        self.events.append(LogEvent("call", seat, meld=meld))
        self.last_draw[seat] = None
        self.kan_drawing = meld.type if meld.type != "nuki" else None

    def _kakan(self, seat: int, call: _Call) -> LogMeld:
        """Add a tile to the seat's pon of that kind."""
        kind = code_kind(call.called)[0]
        for index, pon in enumerate(self.melds[seat]):
            if pon.type == "pon" and pon.tiles[0] // 4 == kind:
                added = self._take(seat, call.called)
                meld = LogMeld("kakan", pon.tiles + (added,), pon.called, pon.from_rel)
                del self.melds[seat][index]
                return meld
        raise _Bad(f"kakan of {call.called} without a pon of it")

    def _kan_dora(self) -> None:
        """A kan stood (it was not robbed): earlier open kans show their indicators, an ankan its own too.

        Tenhou turns an open kan's indicator at the declarer's next discard or kan (mjlog writes it just
        before the replacement draw of that kan), a closed kan's at once.
        """
        self._flush_dora()
        self.pending_dora += 1
        if self.kan_drawing == "ankan":
            self._flush_dora()
        self.kan_drawing = None

    def _flush_dora(self) -> None:
        """Turn the indicators of the kans declared so far."""
        for _ in range(self.pending_dora):
            if self.dora_shown >= len(self.inp.dora):
                listed = len(self.inp.dora)
                raise _Bad(f"a kan turns dora indicator #{self.dora_shown + 1}, but the round lists {listed}")
            self.events.append(LogEvent("dora", tile=self.inp.dora[self.dora_shown]))
            self.dora_shown += 1
        self.pending_dora = 0

    def _after_discard(self, seat: int) -> tuple[int, str]:
        """Who moves after this discard: a caller, the next seat, or nobody (the round ends)."""
        callers = self._callers(seat)
        following = (seat + 1) % self.inp.players
        more = self._peek(self.inp.draws, following) is not None
        choice = self._choose(len(callers) + 1) if callers else 0
        if choice < len(callers):
            return callers[choice], self._claim(callers[choice], seat)
        if more:
            return following, "draw"
        self.ending = ("discard", seat)
        return seat, "end"

    def _callers(self, seat: int) -> list[int]:
        """Seats whose next draw-list entry is a call of this discard (pon and kan before chi)."""
        code = self.tiles.code_of[self.last_discard]
        found = []
        for other in range(self.inp.players):
            entry = self._peek(self.inp.draws, other)
            if other == seat or not isinstance(entry, str):
                continue
            call = _parse_call(entry)
            if call.letter in "cpm" and (other + call.from_rel) % 4 == seat and call.called == code:
                if call.letter != "c" or other == (seat + 1) % self.inp.players:
                    found.append((call.letter == "c", other))
        return [other for _, other in sorted(found)]

    def _claim(self, seat: int, discarder: int) -> str:
        """Chi, pon or daiminkan of the last discard; returns what the caller does next."""
        where = f"seat {seat} draws[{self.next_draw[seat]}]"
        call = _parse_call(self._peek(self.inp.draws, seat))
        self.next_draw[seat] += 1
        own = [i for i in range(len(call.codes)) if i != call.pos]
        taken = {i: _at(where, self._take, seat, call.codes[i]) for i in own}
        tiles = tuple(self.last_discard if i == call.pos else taken[i] for i in range(len(call.codes)))
        kind = {"c": "chi", "p": "pon", "m": "kan"}[call.letter]
        meld = LogMeld(kind, tiles, self.last_discard, call.from_rel)
        self.melds[seat].append(meld)
        self.events.append(LogEvent("call", seat, meld=meld))
        self.last_draw[seat] = None
        if kind != "kan":
            return "discard"
        marker = self._peek(self.inp.discards, seat)
        if marker != 0:
            raise _Bad(f"seat {seat} discards[{self.next_discard[seat]}]: {marker!r}, not the 0 after a daiminkan")
        self.next_discard[seat] += 1
        self.kan_drawing = "kan"
        return "draw"


def _at(where: str, func: Any, *args: Any) -> Any:
    """Call ``func``, prefixing a data error with the field it concerns."""
    try:
        return func(*args)
    except _Bad as exc:
        raise _Bad(f"{where}: {exc}") from None


# ---- results -----------------------------------------------------------------------------------------


def _results(inp: _Input, play: _Play) -> list[Result]:
    """The result field as records; appends the agari / ryuukyoku events."""
    result = inp.result
    if not result or not isinstance(result[0], str):
        raise _Bad("result: not a list starting with its name")
    if result[0] == "和了":
        records = _agaris(inp, play)
        ronned = {r.from_who for r in records if not r.tsumo}
    else:
        records = [_draw_record(inp, play)]
        ronned = {play.ending[1]} if records[0].type == "ron3" else set()
    last = play.events[-1] if play.events else None
    if play.ending[0] == "discard" and last and last.kind == "riichi_accepted" and last.seat in ronned:
        play.events.pop()  # the riichi discard was ronned: the declaration never stood
    for record in records:
        if isinstance(record, AgariRecord):
            play.events.append(LogEvent("agari", record.who, record.win_tile, from_seat=record.from_who))
        else:
            seat = play.ending[1] if record.type == "yao9" else None
            play.events.append(LogEvent("ryuukyoku", seat, draw_type=record.type))
    return records


def _agaris(inp: _Input, play: _Play) -> list[Result]:
    """The wins of a "和了" result: [name, deltas, info, (deltas, info of a second ron)]."""
    result = inp.result
    if len(result) < 3 or len(result) % 2 == 0:
        raise _Bad("result: 和了 needs (deltas, info) pairs")
    records: list[Result] = []
    for k in range(1, len(result), 2):
        where = f"result[{k + 1}]"
        deltas = tuple(_int_list(result[k], f"result[{k}] deltas", 4))
        info = _list(result[k + 1], where)
        records.append(_at(where, _agari, inp, play, deltas, info))
    return records


def _agari(inp: _Input, play: _Play, deltas: tuple[int, ...], info: list[Any]) -> AgariRecord:
    """One win: info = [who, from, pao, "30符4飜7700点", "立直(1飜)", ...]."""
    if len(info) < 4:
        raise _Bad("a win is [who, from, pao, score, yaku...]")
    who, from_who, pao = _int_list(info[:3], "who/from/pao", 3)
    if not all(0 <= s < inp.players for s in (who, from_who, pao)):
        raise _Bad(f"seats {info[:3]} out of range")
    win, hand = _winning_tiles(play, who, from_who)
    yaku, yakuman = _yaku(info[4:])
    fu, points, limit = _score(str(info[3]), inp, who == from_who, who == inp.dealer)
    riichi = any(e.kind == "riichi" and e.seat == who for e in play.events)
    return AgariRecord(
        who, from_who, None if pao == who else pao, hand, win, tuple(play.melds[who]), fu,
        None if yakuman else sum(h for _, h in yaku), points, limit, yaku, yakuman,
        inp.dora[: play.dora_shown], inp.ura if riichi else (), deltas,
    )  # fmt: skip


def _winning_tiles(play: _Play, who: int, from_who: int) -> tuple[int, tuple[int, ...]]:
    """The winning tile and the winner's closed hand including it."""
    how, seat = play.ending
    if who == from_who:
        if (how, seat) != ("tsumo", who):
            raise _Bad(f"a tsumo by seat {who}, but the round does not end on its draw")
        win = play.last_draw[who]
        return win, tuple(sorted(play.hands[who]))
    if seat != from_who or how == "tsumo":
        raise _Bad(f"a ron on seat {from_who}, but the round ends on seat {seat}'s {how}")
    last = play.events[-1]
    win = play.last_discard
    if how == "kan":  # robbing a kan: the added tile of a kakan (for kokushi, a tile of an ankan); sanma's North
        if last.meld is None or last.meld.type not in ("kakan", "ankan", "nuki"):
            raise _Bad("a ron on a kan that is neither kakan nor ankan (nor a North set aside)")
        win = last.meld.tiles[-1]
    return win, tuple(sorted(play.hands[who] + [win]))


def _yaku(entries: list[Any]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The yaku strings "name(2飜)" / "name(役満)" as (id, han) pairs and yakuman ids."""
    yaku, yakuman = [], []
    for entry in entries:
        match = _YAKU.match(str(entry))
        if not match or match.group("name") not in YAKU_IDS:
            raise _Bad(f"unknown yaku {entry!r}")
        yaku_id = YAKU_IDS[match.group("name")]
        if match.group("han") is None:
            yakuman.append(yaku_id)
        else:
            yaku.append((yaku_id, int(match.group("han"))))
    return tuple(yaku), tuple(yakuman)


def _score(text: str, inp: _Input, tsumo: bool, dealer: bool) -> tuple[int | None, int, int]:
    """Fu (None for limit hands), points (no honba, no sticks) and limit of "30符4飜7700点" and the like."""
    match = _SCORE.match(text)
    if not match:
        raise _Bad(f"score {text!r} not understood")
    name = match.group("limit")
    limit = 0 if name is None else _LIMITS.get(name, 5)
    fu = int(match.group("fu")) if match.group("fu") else None
    if match.group("a") is None:  # only the limit name: its value
        if not limit:
            raise _Bad(f"score {text!r} has no points")
        return fu, _LIMIT_BASIC[limit] * (6 if dealer else 4), limit
    a, b = int(match.group("a")), match.group("b")
    if b is not None:  # non-dealer tsumo: "non-dealers' share-dealer's share"
        points = (inp.players - 2) * a + int(b)
    elif match.group("all"):  # dealer tsumo: everyone pays the same
        points = (inp.players - 1) * a
    else:
        points = a
    if tsumo != (b is not None or match.group("all") is not None):
        raise _Bad(f"score {text!r} does not fit a {'tsumo' if tsumo else 'ron'}")
    return fu, points, limit


def _draw_record(inp: _Input, play: _Play) -> DrawRecord:
    """A result without a win: 流局 (deltas), 全員聴牌 / 全員不聴, 流し満貫, or an abortive draw."""
    name, rest = inp.result[0], inp.result[1:]
    deltas = tuple(_int_list(rest[0], "result deltas", 4)) if rest else (0, 0, 0, 0)
    seats = tuple(range(inp.players))
    if name == "流局":  # noten payments show who was tenpai; no payment at all = everyone tenpai
        tenpai = tuple(s for s in seats if deltas[s] > 0) if any(deltas) else seats
        return DrawRecord(None, deltas, tenpai)
    if name in ("全員聴牌", "全員不聴"):
        return DrawRecord(None, deltas, seats if name == "全員聴牌" else ())
    if name not in _DRAW_TYPES:
        raise _Bad(f"result {name!r} not understood")
    return DrawRecord(_DRAW_TYPES[name], deltas, None)

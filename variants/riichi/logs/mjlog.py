"""Reader of Tenhou mjlog XML (``<mjloggm ver="2.3">``), plain or gzip-compressed.

The file is a flat sequence of tags: GO (rules), UN (names), TAIKYOKU, then per round INIT, draws
``T/U/V/W<id>``, discards ``D/E/F/G<id>``, N (calls, bit-packed), REACH, DORA and the result
(AGARI, possibly twice on a double ron, or RYUUKYOKU); BYE, SHUFFLE and unknown tags are skipped.
Scores in INIT ``ten``, ``sc`` and ``owari`` are in hundreds.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from mjsim.errors import MjsimError
from variants.riichi.logs.model import (
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

_MOVE = re.compile(r"^([TUVWDEFG])(\d+)$")
_DRAW_LETTERS = "TUVW"
_DISCARD_LETTERS = "DEFG"


class _Bad(MjsimError):
    """A problem found inside one tag; the reader adds the file and the place."""


def read_mjlog(path: str | Path) -> GameLog:
    """Read a Tenhou mjlog XML file (plain or gzip) into a GameLog."""
    path = Path(path)
    root = _parse(path, read_source(path))
    builder = _Builder(str(path))
    for index, elem in enumerate(root):
        try:
            builder.feed(elem)
        except (KeyError, ValueError, IndexError, TypeError) as exc:  # _Bad is a ValueError too
            what = f"missing attribute {exc}" if isinstance(exc, KeyError) else str(exc)
            raise MjsimError(f"{path}: tag <{elem.tag}> at index {index} ({builder.place}): {what}") from None
    return builder.finish()


def _parse(path: Path, data: bytes) -> ET.Element:
    """The root element, checked to be a <mjloggm>."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        line, column = exc.position
        raise MjsimError(f"{path}: not well-formed mjlog XML at line {line}, column {column}") from None
    if root.tag != "mjloggm":
        raise MjsimError(f"{path}: root tag is <{root.tag}>, not <mjloggm>")
    return root


def decode_meld(m: int) -> LogMeld:
    """Decode Tenhou's bit-packed meld code (the N tag's ``m``)."""
    if m < 0:
        raise _Bad(f"negative meld code {m}")
    if m & 0x4:
        return _decode_chi(m)
    if m & 0x8 or m & 0x10:
        return _decode_pon(m)
    if m & 0x20:
        return LogMeld("nuki", (_tile(m >> 8),))
    return _decode_kan(m)


def _decode_chi(m: int) -> LogMeld:
    """Chi: the lowest kind and the called position packed in bits 10+, each tile's copy in bits 3-8."""
    t, called_index = divmod(m >> 10, 3)
    if t >= 21:
        raise _Bad(f"meld code {m}: no such chi")
    base = (t // 7) * 9 + t % 7
    tiles = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
    return LogMeld("chi", tiles, tiles[called_index], m & 3)


def _decode_pon(m: int) -> LogMeld:
    """Pon / kakan: kind and called position in bits 9+, the copy left out (or added) in bits 5-6."""
    unused = (m >> 5) & 3
    kind, called_index = divmod(m >> 9, 3)
    if kind >= 34:
        raise _Bad(f"meld code {m}: no such pon")
    copies = tuple(kind * 4 + i for i in range(4) if i != unused)
    if m & 0x8:
        return LogMeld("pon", copies, copies[called_index], m & 3)
    return LogMeld("kakan", copies + (kind * 4 + unused,), copies[called_index], m & 3)


def _decode_kan(m: int) -> LogMeld:
    """Daiminkan (called from someone) or ankan (from_rel 0): the tile in bits 8+."""
    hai = _tile(m >> 8)
    tiles = tuple(hai // 4 * 4 + i for i in range(4))
    if m & 3:
        return LogMeld("kan", tiles, hai, m & 3)
    return LogMeld("ankan", tiles)


def _tile(value: int) -> int:
    """A checked 136-id."""
    if not 0 <= value < 136:
        raise _Bad(f"tile id {value} is not in 0..135")
    return value


def _ints(text: str) -> list[int]:
    """A comma-separated list of integers ("" -> [])."""
    try:
        return [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        raise _Bad(f"{text!r} is not a list of integers") from None


def _int(elem: ET.Element, name: str) -> int:
    """An integer attribute."""
    value = elem.attrib[name]
    try:
        return int(value)
    except ValueError:
        raise _Bad(f"{name}={value!r} is not an integer") from None


def _tiles(text: str) -> tuple[int, ...]:
    """A comma-separated list of tile ids."""
    return tuple(_tile(x) for x in _ints(text))


def _seat(elem: ET.Element, name: str = "who") -> int:
    """A seat attribute, checked."""
    seat = _int(elem, name)
    if not 0 <= seat < 4:
        raise _Bad(f"{name}={seat} is not a seat")
    return seat


@dataclass
class _Round:
    """The round being read."""

    kyoku: int
    honba: int
    sticks: int
    dealer: int
    dice: tuple[int, int]
    dora: int
    start: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    events: list[LogEvent] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    last_draw: list[int | None] = field(default_factory=lambda: [None] * 4)

    def build(self) -> RoundLog:
        """The finished, frozen round."""
        end = settle(self.start, self.events, self.results)
        return RoundLog(
            self.kyoku, self.honba, self.sticks, self.dealer, self.dice, self.dora, self.start, self.hands,
            tuple(self.events), tuple(self.results), end,
        )  # fmt: skip


class _Builder:
    """Feeds the tags in order and collects the rounds."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.go_type: int | None = None
        self.lobby: int | None = None
        self.names: tuple[str, ...] | None = None
        self.rounds: list[RoundLog] = []
        self.current: _Round | None = None
        self.final: tuple[tuple[int, float], ...] | None = None
        self.inits = 0  # INIT tags seen, this one included

    @property
    def place(self) -> str:
        """Which round the tag belongs to, for messages."""
        return f"round {self.inits}" if self.inits else "before the first round"

    def feed(self, elem: ET.Element) -> None:
        """Take one tag."""
        move = _MOVE.match(elem.tag)
        if move:
            self._move(move.group(1), _tile(int(move.group(2))))
            return
        handler = getattr(self, "_tag_" + elem.tag, None)
        if handler is not None:  # unknown tags (BYE, SHUFFLE, newer additions) carry nothing we record
            handler(elem)

    def finish(self) -> GameLog:
        """The whole game."""
        self._close_round()
        if self.go_type is None:
            raise MjsimError(f"{self.source}: no <GO> tag (the rules are unknown)")
        if not self.rounds:
            raise MjsimError(f"{self.source}: no <INIT> tag (the log has no round)")
        players = 3 if self.go_type & 0x10 else 4
        rules = rules_from_go_type(self.go_type, players, lobby=self.lobby)
        names = self.names or tuple("" for _ in range(4))
        return GameLog(self.source, "mjlog", rules, names, tuple(self.rounds), self.final)

    def _round(self) -> _Round:
        """The current round (a move outside a round is malformed)."""
        if self.current is None:
            raise _Bad("no <INIT> before this tag")
        return self.current

    def _close_round(self) -> None:
        if self.current is not None:
            self.rounds.append(self.current.build())
            self.current = None

    def _move(self, letter: str, tile: int) -> None:
        """A draw (T/U/V/W) or discard (D/E/F/G)."""
        rnd = self._round()
        if letter in _DRAW_LETTERS:
            seat = _DRAW_LETTERS.index(letter)
            rnd.events.append(LogEvent("draw", seat, tile))
            rnd.last_draw[seat] = tile
            return
        seat = _DISCARD_LETTERS.index(letter)
        rnd.events.append(LogEvent("discard", seat, tile, tsumogiri=rnd.last_draw[seat] == tile))
        rnd.last_draw[seat] = None

    def _tag_GO(self, elem: ET.Element) -> None:
        self.go_type = _int(elem, "type")
        self.lobby = _int(elem, "lobby") if "lobby" in elem.attrib else None

    def _tag_UN(self, elem: ET.Element) -> None:
        if self.names is None:  # later UN tags are reconnections naming one seat
            self.names = tuple(unquote(elem.attrib.get(f"n{i}", "")) for i in range(4))

    def _tag_INIT(self, elem: ET.Element) -> None:
        self._close_round()
        self.inits += 1
        seed = _ints(elem.attrib["seed"])
        if len(seed) != 6:
            raise _Bad(f"seed has {len(seed)} values, not 6")
        start = tuple(100 * x for x in _ints(elem.attrib["ten"]))
        hands = tuple(_tiles(elem.attrib[f"hai{i}"]) for i in range(4))
        dealer = _seat(elem, "oya")
        self.current = _Round(seed[0], seed[1], seed[2], dealer, (seed[3], seed[4]), _tile(seed[5]), start, hands)

    def _tag_N(self, elem: ET.Element) -> None:
        rnd = self._round()
        seat = _seat(elem)
        rnd.events.append(LogEvent("call", seat, meld=decode_meld(_int(elem, "m"))))
        rnd.last_draw[seat] = None

    def _tag_REACH(self, elem: ET.Element) -> None:
        step = _int(elem, "step")
        if step not in (1, 2):
            raise _Bad(f"step={step} is not 1 or 2")
        self._round().events.append(LogEvent("riichi" if step == 1 else "riichi_accepted", _seat(elem)))

    def _tag_DORA(self, elem: ET.Element) -> None:
        self._round().events.append(LogEvent("dora", tile=_tile(_int(elem, "hai"))))

    def _tag_AGARI(self, elem: ET.Element) -> None:
        rnd = self._round()
        record = _agari(elem)
        rnd.events.append(LogEvent("agari", record.who, record.win_tile, from_seat=record.from_who))
        rnd.results.append(record)
        self._owari(elem)

    def _tag_RYUUKYOKU(self, elem: ET.Element) -> None:
        rnd = self._round()
        record = _ryuukyoku(elem)
        declarer = None
        if record.type == "yao9":  # the declarer's hand is the one shown
            shown = [i for i in range(4) if f"hai{i}" in elem.attrib]
            declarer = shown[0] if len(shown) == 1 else None
        rnd.events.append(LogEvent("ryuukyoku", declarer, draw_type=record.type))
        rnd.results.append(record)
        self._owari(elem)

    def _owari(self, elem: ET.Element) -> None:
        """The final scores (x100) and uma, on the game's last result."""
        if "owari" not in elem.attrib:
            return
        values = [float(x) for x in elem.attrib["owari"].split(",")]
        if len(values) < 8:
            raise _Bad(f"owari has {len(values)} values, not 8")
        # chip lobbies append (chips, 0) pairs after the 4 (score, uma) pairs: not recorded
        self.final = tuple((round(values[i] * 100), values[i + 1]) for i in range(0, 8, 2))


def _deltas(elem: ET.Element) -> tuple[int, ...]:
    """The score changes of the ``sc`` attribute ("before0,delta0,...", hundreds)."""
    sc = _ints(elem.attrib["sc"])
    if len(sc) < 8:
        raise _Bad(f"sc has {len(sc)} values, not 8")
    return tuple(100 * x for x in sc[1:8:2])  # chip lobbies append 8 chip values


def _agari(elem: ET.Element) -> AgariRecord:
    """An AGARI tag as a record."""
    a = elem.attrib
    ten = _ints(a["ten"])
    if len(ten) != 3:
        raise _Bad(f"ten has {len(ten)} values, not 3 (fu, points, limit)")
    pairs = _ints(a.get("yaku", ""))
    if len(pairs) % 2:
        raise _Bad("yaku has an odd number of values")
    yaku = tuple((pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))
    yakuman = tuple(_ints(a.get("yakuman", "")))
    who, from_who = _seat(elem), _seat(elem, "fromWho")
    pao = _seat(elem, "paoWho") if "paoWho" in a else None
    melds = tuple(decode_meld(m) for m in _ints(a.get("m", "")))
    han = None if yakuman else sum(h for _, h in yaku)
    return AgariRecord(
        who, from_who, pao, _tiles(a["hai"]), _tile(_int(elem, "machi")), melds, ten[0], han, ten[1], ten[2], yaku,
        yakuman, _tiles(a["doraHai"]), _tiles(a.get("doraHaiUra", "")), _deltas(elem),
    )  # fmt: skip


def _ryuukyoku(elem: ET.Element) -> DrawRecord:
    """A RYUUKYOKU tag as a record; the hands shown at an exhaustive draw are the tenpai ones."""
    kind = elem.attrib.get("type")
    if kind not in (None, "yao9", "reach4", "ron3", "kan4", "kaze4", "nm"):
        raise _Bad(f"unknown draw type {kind!r}")
    tenpai = tuple(i for i in range(4) if f"hai{i}" in elem.attrib) if kind in (None, "nm") else None
    return DrawRecord(kind, _deltas(elem), tenpai)

"""Load real game logs from files and directories, and write a GameLog back as tenhou.net/6 JSON."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from variants.riichi.logs.mjlog import read_mjlog
from variants.riichi.logs.model import AgariRecord, DrawRecord, GameLog, LogEvent, LogMeld, RoundLog, read_source
from variants.riichi.logs.tenhou6 import DRAW_NAMES, LIMIT_NAMES, TSUMOGIRI, YAKU_NAMES, read_tenhou6, tile_code
from variants.riichi.mjai.logs import looks_like_mjai, read_mjai

_READERS = {".mjlog": read_mjlog, ".xml": read_mjlog, ".json": read_tenhou6, ".mjson": read_mjai}
_LOBBY_CHARS = ((0xA0, "鳳"), (0x80, "上"), (0x20, "特"), (0x00, "般"))


def load_logs(paths: str | Path | Iterable[str | Path]) -> list[GameLog]:
    """Read every log in the given files and directories (searched recursively, in name order)."""
    if isinstance(paths, str | Path):
        paths = [paths]
    games = []
    for path in map(Path, paths):
        if path.is_dir():
            files = [f for f in sorted(path.rglob("*")) if f.is_file() and _is_log(f)]
            if not files:
                raise MjsimError(
                    f"{path}: no game logs here (.mjlog, .xml, .json, .mjson, .jsonl or mjlog .txt, optionally .gz)"
                )
            games.extend(_read(f) for f in files)
        elif path.is_file():
            games.append(_read(path))
        else:
            raise MjsimError(f"{path}: no such file or directory")
    return games


def _is_log(path: Path) -> bool:
    """A file a directory walk reads: a log by its name, a ``.txt`` file of mjlog XML (phoenix-logs downloads), or
    a ``.jsonl`` file of mjai events."""
    if _reader_for_name(path):
        return True
    suffix = path.suffix.lower()
    if suffix == ".jsonl":  # JSON lines of any kind: an mjai log when its first line is an mjai event
        return looks_like_mjai(read_source(path))
    return suffix == ".txt" and read_source(path).lstrip()[:9] == b"<mjloggm "


def _reader_for_name(path: Path) -> Any:
    """The reader the file name asks for (a trailing .gz is looked through), or None."""
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes.pop()
    return _READERS.get(suffixes[-1]) if suffixes else None


def _read(path: Path) -> GameLog:
    """Read one file with the reader its name or, failing that, its first character picks."""
    reader = _reader_for_name(path)
    if reader in (None, read_tenhou6) and looks_like_mjai(read_source(path)):
        reader = read_mjai  # mjai logs are often named .json too: one event a line, each with a "type"
    if reader is None:
        start = read_source(path).lstrip()[:1]
        reader = {b"<": read_mjlog, b"{": read_tenhou6}.get(start)
    if reader is None:
        raise MjsimError(f"{path}: neither mjlog XML, tenhou.net/6 JSON nor mjai JSONL")
    return reader(path)


# ---- writing tenhou.net/6 ------------------------------------------------------------------------------


def write_tenhou6(game: GameLog) -> dict[str, Any]:
    """The game as a tenhou.net/6 JSON object (what tenhou.net/6 and other viewers open)."""
    red = bool(game.rules.get("red", True))
    players = int(game.rules.get("players", 4))
    names = list(game.names) + [""] * (4 - len(game.names))
    obj: dict[str, Any] = {
        "title": ["", ""],
        "name": names[:4],
        "rule": {"disp": _disp(game.rules), "aka": int(red)},
        "log": [_round(r, red, players) for r in game.rounds],
    }
    if game.final is not None:
        obj["sc"] = [x for points, uma in game.final for x in (points, int(uma) if uma == int(uma) else uma)]
    return obj


def _disp(rules: dict[str, Any]) -> str:
    """The lobby display name ("鳳南喰赤"): kept from a tenhou6 source, else built from the GO type."""
    if rules.get("disp"):
        return str(rules["disp"])
    go_type = rules.get("go_type") or 0
    lobby = next(char for bits, char in _LOBBY_CHARS if go_type & 0xA0 == bits or bits == 0)
    text = ("三" if rules.get("players") == 3 else "") + lobby + ("南" if rules.get("hanchan") else "東")
    text += ("喰" if rules.get("open_tanyao", True) else "") + ("赤" if rules.get("red", True) else "")
    return text + ("速" if rules.get("fast") else "")


def _round(rnd: RoundLog, red: bool, players: int) -> list[Any]:
    """One round in the tenhou6 layout."""

    def code(tile: int) -> int:
        """The tile's tenhou6 code under this game's red-five rule."""
        return tile_code(tile, red)

    dora = [code(rnd.dora_indicator)] + [code(e.tile) for e in rnd.events if e.kind == "dora" and e.tile is not None]
    ura = next((list(map(code, r.ura)) for r in rnd.results if isinstance(r, AgariRecord) and r.ura), [])
    draws, discards = _moves(rnd.events, code)
    out: list[Any] = [[rnd.kyoku, rnd.honba, rnd.sticks], list(rnd.start_scores), dora, ura]
    for seat in range(4):
        out += [[code(t) for t in rnd.hands[seat]], draws[seat], discards[seat]]
    out.append(_result(rnd, players))
    return out


def _moves(events: Iterable[LogEvent], code: Any) -> tuple[list[list[Any]], list[list[Any]]]:
    """Each seat's draw list and discard list."""
    draws: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    declaring: set[int] = set()
    for e in events:
        if e.seat is None or e.kind not in ("draw", "discard", "call", "riichi"):
            continue
        if e.kind == "draw":
            draws[e.seat].append(code(e.tile))
        elif e.kind == "riichi":
            declaring.add(e.seat)
        elif e.kind == "discard":
            entry = TSUMOGIRI if e.tsumogiri else code(e.tile)
            discards[e.seat].append(f"r{entry}" if e.seat in declaring else entry)
            declaring.discard(e.seat)
        elif e.meld is not None:
            text = meld_text(e.meld, code)
            if e.meld.type in ("chi", "pon", "kan"):
                draws[e.seat].append(text)
            if e.meld.type == "kan":
                discards[e.seat].append(0)  # the daiminkan's place in the discard list
            elif e.meld.type not in ("chi", "pon"):
                discards[e.seat].append(text)
    return draws, discards


def meld_text(meld: LogMeld, code: Any) -> str:
    """A call as tenhou6 writes it: the letter goes before the called tile, placed by who gave it."""
    if meld.type == "nuki":
        return f"f{code(meld.tiles[0])}"
    if meld.type == "ankan":
        *first, last = (str(code(t)) for t in meld.tiles)
        return "".join(first) + "a" + last
    if meld.type == "kakan":
        pon = LogMeld("pon", meld.tiles[:3], meld.called, meld.from_rel)
        called = str(code(_called(pon)))
        return meld_text(pon, code).replace("p" + called, "k" + str(code(meld.tiles[3])) + called, 1)
    called = _called(meld)
    own = list(meld.tiles)
    own.remove(called)
    parts = [str(code(t)) for t in own]
    letter = {"chi": "c", "pon": "p", "kan": "m"}[meld.type]
    slot = {3: 0, 2: 1, 1: len(parts)}.get(meld.from_rel or 3, 0)
    parts.insert(slot, letter + str(code(called)))
    return "".join(parts)


def _called(meld: LogMeld) -> int:
    """The called tile (an open meld without one is broken)."""
    if meld.called is None or meld.called not in meld.tiles:
        raise MjsimError(f"a {meld.type} without its called tile cannot be written as tenhou6")
    return meld.called


def _result(rnd: RoundLog, players: int) -> list[Any]:
    """The result field: 和了 with each win, or the kind of draw."""
    wins = [r for r in rnd.results if isinstance(r, AgariRecord)]
    if wins:
        out: list[Any] = ["和了"]
        for win in wins:
            out += [list(win.deltas), _win_info(win, rnd.dealer, players)]
        return out
    draw = next((r for r in rnd.results if isinstance(r, DrawRecord)), None)
    if draw is None:
        raise MjsimError(f"round {rnd.kyoku}-{rnd.honba} has no result to write")
    deltas = list(draw.deltas)
    if draw.type is None:
        if draw.tenpai is not None and not any(deltas) and len(draw.tenpai) in (0, players):
            return ["全員聴牌" if draw.tenpai else "全員不聴"]
        return ["流局", deltas]
    name = DRAW_NAMES[draw.type]
    return [name, deltas] if any(deltas) or draw.type == "nm" else [name]


def _win_info(win: AgariRecord, dealer: int, players: int) -> list[Any]:
    """[who, from, pao, "30符4飜7700点", "立直(1飜)", ...]."""
    if win.limit:
        head = LIMIT_NAMES.get(win.limit, "役満")
    else:
        head = f"{win.fu or 0}符{win.han or 0}飜"
    if not win.tsumo:
        score = f"{win.points}点"
    elif win.who == dealer:
        score = f"{win.points // (players - 1)}点∀"
    else:  # non-dealers pay a quarter (a third in sanma) rounded up to 100, the dealer the rest
        share = -(-win.points // (100 * players)) * 100
        score = f"{share}-{win.points - (players - 2) * share}点"
    yaku = [f"{_yaku_name(i)}({han}飜)" for i, han in win.yaku]
    yaku += [f"{_yaku_name(i)}(役満)" for i in win.yakuman]
    pao = win.who if win.pao_who is None else win.pao_who
    return [win.who, win.from_who, pao, head + score, *yaku]


def _yaku_name(yaku_id: int | str) -> str:
    """Tenhou's name of a yaku id; a local yaku outside Tenhou's list is carried by its own name."""
    if isinstance(yaku_id, str):
        return yaku_id
    if not 0 <= yaku_id < len(YAKU_NAMES):
        raise MjsimError(f"yaku id {yaku_id} has no tenhou6 name")
    return YAKU_NAMES[yaku_id]

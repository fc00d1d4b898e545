"""The real-log readers (mjlog XML, tenhou.net/6 JSON) against the shared Tenhou data and its README.

The README of ``shared/validation/tenhou`` gives the numbers checked here: games and rounds per folder,
the outcome mix of the mjlog rounds, and the pairing of the same games in both formats.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
import shutil
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mjsim.errors import MjsimError
from variants.riichi.logs.load import load_logs, write_tenhou6
from variants.riichi.logs.mjlog import decode_meld, read_mjlog
from variants.riichi.logs.model import EVENT_KINDS, RED_FIVES, AgariRecord, DrawRecord, GameLog, LogMeld, RoundLog
from variants.riichi.logs.tenhou6 import code_kind, read_tenhou6, tile_code

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "validation" / "tenhou"
NEEDS_DATA = pytest.mark.shared_data(DATA)


def _files(folder: str, *suffixes: str) -> list[Path]:
    """The log files under a data folder ([] when the data is absent)."""
    root = DATA / folder
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.suffix in suffixes)


MJLOG_FILES = _files("mjlog", ".mjlog", ".xml")
TENHOU6_FILES = _files("tenhou6", ".json")
ALL_FILES = MJLOG_FILES + TENHOU6_FILES
# The same games in both formats (README: tenhou6/ holds the games of mjlog/mjx and mjlog/mjlog2json).
PAIRS = [(DATA / "mjlog" / "mjlog2json" / (p.stem + ".xml"), p) for p in _files("tenhou6/mjlog2json", ".json")]
PAIRS += [(DATA / "mjlog" / "mjx" / (p.stem + ".mjlog"), p) for p in _files("tenhou6/mjx_mjscore", ".json")]


def _name(path: Path) -> str:
    return path.name


@cache
def _game(path: Path) -> GameLog:
    """Each file is read once for the whole module."""
    return read_mjlog(path) if path.suffix in (".mjlog", ".xml") else read_tenhou6(path)


def _games(files: list[Path]) -> list[GameLog]:
    return [_game(p) for p in files]


# ---- comparing rounds by what matters (tile kinds and redness, not which copy) -----------------------


def _tile(tile: int | None) -> tuple[int, bool] | None:
    return None if tile is None else (tile // 4, tile in RED_FIVES)


def _meld(meld: LogMeld | None) -> tuple[Any, ...] | None:
    if meld is None:
        return None
    return meld.type, tuple(sorted(map(_tile, meld.tiles))), _tile(meld.called), meld.from_rel


def _events(rnd: RoundLog, keep_dora: bool = True) -> list[tuple[Any, ...]]:
    return [
        (e.kind, e.seat, _tile(e.tile), e.tsumogiri, _meld(e.meld), e.from_seat, e.draw_type)
        for e in rnd.events
        if keep_dora or e.kind != "dora"
    ]


def _result(result: AgariRecord | DrawRecord, with_fu: bool = True) -> tuple[Any, ...]:
    """A result by kinds; tenpai only for exhaustive draws (tenhou6 does not record it otherwise)."""
    if isinstance(result, DrawRecord):
        return result.type, result.deltas, result.tenpai if result.type is None else None
    r = result
    return (
        r.who, r.from_who, r.pao_who, tuple(sorted(map(_tile, r.hand))), _tile(r.win_tile),
        tuple(sorted(map(_meld, r.melds))), r.fu if with_fu else None, r.han, r.points, r.limit,
        tuple(sorted(y for y in r.yaku if y[1])), r.yakuman, tuple(map(_tile, r.dora)), tuple(map(_tile, r.ura)),
        r.deltas,
    )  # fmt: skip


def _round(rnd: RoundLog, tenhou6_side: RoundLog | None = None, keep_dora: bool = True) -> tuple[Any, ...]:
    """A round by kinds; fu is compared only where the tenhou6 side records it (not for limit hands)."""
    other = (tenhou6_side or rnd).results
    results = [
        _result(r, not isinstance(o, AgariRecord) or o.fu is not None) for r, o in zip(rnd.results, other, strict=False)
    ]
    dora = [_tile(rnd.dora_indicator)] + [_tile(e.tile) for e in rnd.events if e.kind == "dora"]
    return (
        (rnd.kyoku, rnd.honba, rnd.sticks, rnd.dealer, rnd.start_scores, rnd.end_scores),
        [sorted(map(_tile, h)) for h in rnd.hands],
        dora,
        _events(rnd, keep_dora),
        results,
    )


# ---- every file --------------------------------------------------------------------------------------


@NEEDS_DATA
@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_file_loads_into_sound_rounds(path: Path) -> None:
    game = _game(path)
    players = game.rules["players"]
    assert game.format == ("mjlog" if path.suffix != ".json" else "tenhou6")
    assert game.rounds
    for rnd in game.rounds:
        assert [len(h) for h in rnd.hands] == [13] * players + [0] * (4 - players)
        assert len(rnd.start_scores) == 4 and rnd.results
        assert {e.kind for e in rnd.events} <= set(EVENT_KINDS)
        assert rnd.events[0].kind == "draw" and rnd.events[0].seat == rnd.dealer
        for win in (r for r in rnd.results if isinstance(r, AgariRecord)):
            # closed tiles + 3 per meld (a kan counts as a set of 3) = 14; nuki tiles stand aside
            assert len(win.hand) + 3 * sum(m.type != "nuki" for m in win.melds) == 14
            assert win.win_tile in win.hand


@NEEDS_DATA
@pytest.mark.parametrize(
    ("folder", "games", "rounds"),
    [
        ("mjlog/mjx", 35, 350),
        ("mjlog/dnovikoff", 19, 152),
        ("mjlog/mjlog2json", 6, 70),
        ("tenhou6/mjlog2json", 6, 70),
        ("tenhou6/mjx_mjscore", 31, 326),
        ("tenhou6/mjai_reviewer", 18, 21),
    ],
)
def test_games_and_rounds_per_folder_match_the_readme(folder: str, games: int, rounds: int) -> None:
    logs = _games(_files(folder, ".mjlog", ".xml", ".json"))
    assert (len(logs), sum(len(g.rounds) for g in logs)) == (games, rounds)


@NEEDS_DATA
def test_totals_match_the_readme() -> None:
    mjlog, tenhou6 = _games(MJLOG_FILES), _games(TENHOU6_FILES)
    assert (len(mjlog), sum(len(g.rounds) for g in mjlog)) == (60, 572)
    assert sum(len(g.rounds) for g in tenhou6) == 417


@NEEDS_DATA
def test_mjlog_game_kinds_match_the_readme() -> None:
    games = _games(MJLOG_FILES)
    standard = [g for g in games if g.rules["standard"] and g.rules["players"] == 4]  # + 1 standard sanma game
    assert len(standard) == 54 and sum(g.rules["standard"] for g in games) == 55
    assert sum(g.rules["players"] == 3 for g in games) == 1
    assert sum(g.final is not None for g in games) == 59
    kinds = Counter((g.rules["hanchan"], g.final is not None) for g in standard)
    assert kinds == {(True, True): 51, (False, True): 2, (True, False): 1}


@NEEDS_DATA
def test_mjlog_outcome_mix_matches_the_readme() -> None:
    mix: Counter[Any] = Counter()
    for rnd in (r for g in _games(MJLOG_FILES) for r in g.rounds):
        wins = [r for r in rnd.results if isinstance(r, AgariRecord)]
        if len(wins) == 2:
            mix["double ron"] += 1
        elif wins:
            mix["tsumo" if wins[0].tsumo else "ron"] += 1
        mix["pao"] += sum(w.pao_who is not None for w in wins)
        for draw in (r for r in rnd.results if isinstance(r, DrawRecord)):
            mix[draw.type or f"tenpai {len(draw.tenpai or ())}"] += 1
        mix["honba"] += rnd.honba > 0
        mix["sticks"] += rnd.sticks > 0
        mix["riichi"] += sum(e.kind == "riichi_accepted" for e in rnd.events)
    assert mix == {
        "ron": 254, "tsumo": 204, "double ron": 8, "pao": 3,
        "tenpai 0": 2, "tenpai 1": 40, "tenpai 2": 39, "tenpai 3": 10, "tenpai 4": 1,
        "nm": 1, "yao9": 9, "kaze4": 1, "reach4": 1, "kan4": 1, "ron3": 1,
        "honba": 214, "sticks": 66, "riichi": 393,
    }  # fmt: skip


# ---- the two formats agree ---------------------------------------------------------------------------


@NEEDS_DATA
@pytest.mark.parametrize(("xml", "json_path"), PAIRS, ids=[p.stem for _, p in PAIRS])
def test_both_readers_give_the_same_rounds(xml: Path, json_path: Path) -> None:
    from_xml, from_json = _game(xml), _game(json_path)
    assert len(from_xml.rounds) == len(from_json.rounds)
    for index, (a, b) in enumerate(zip(from_xml.rounds, from_json.rounds, strict=True)):
        assert _round(a, b) == _round(b), f"round {index}"
    if from_json.final is not None:
        assert from_json.final == from_xml.final


@NEEDS_DATA
def test_the_readme_pairs_are_all_there() -> None:
    assert len(PAIRS) == 37 and all(x.is_file() for x, _ in PAIRS)
    assert sum("mjlog2json" in str(x) for x, _ in PAIRS) == 6


# ---- scores ----------------------------------------------------------------------------------------------


@NEEDS_DATA
@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_start_scores_plus_deltas_give_the_next_start(path: Path) -> None:
    game = _game(path)
    for index, rnd in enumerate(game.rounds):
        # tenhou6 and mjlog deltas leave out the round's riichi deposits (README)
        expected = [s - d for s, d in zip(rnd.start_scores, rnd.riichi_deposits(), strict=True)]
        for result in rnd.results:
            expected = [s + d for s, d in zip(expected, result.deltas, strict=True)]
        assert rnd.end_scores == tuple(expected)
        if index + 1 < len(game.rounds):
            assert game.rounds[index + 1].start_scores == rnd.end_scores, f"round {index}"
    if game.final is not None:
        assert tuple(points for points, _ in game.final) == _final_points(game.rounds[-1])


def _final_points(last: RoundLog) -> tuple[int, ...]:
    """The last round's end scores; sticks left on a draw go to first place (ties: nearer seat 0)."""
    scores = list(last.end_scores or ())
    if not any(isinstance(r, AgariRecord) for r in last.results):
        top = max(range(4), key=lambda seat: (scores[seat], -seat))
        scores[top] += 1000 * last.sticks + sum(last.riichi_deposits())
    return tuple(scores)


# ---- writing tenhou6 -------------------------------------------------------------------------------------


@NEEDS_DATA
@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_write_tenhou6_round_trip(path: Path, tmp_path: Path) -> None:
    game = _game(path)
    written = tmp_path / "written.json"
    written.write_text(json.dumps(write_tenhou6(game), ensure_ascii=False), encoding="utf-8")
    back = read_tenhou6(written)
    assert (back.names, back.final, back.rules["players"]) == (game.names, game.final, game.rules["players"])
    if game.format == "tenhou6":
        assert back.rounds == game.rounds
        return
    # From mjlog: the copy of each tile may differ, fu of limit hands is not written, and the chip lobby
    # turns kakan indicators at once (tenhou6 has no place for that timing, so compare dora apart).
    for index, (a, b) in enumerate(zip(game.rounds, back.rounds, strict=True)):
        assert _round(a, b, keep_dora=False) == _round(b, keep_dora=False), f"round {index}"


@NEEDS_DATA
def test_written_object_has_the_tenhou6_layout() -> None:
    obj = write_tenhou6(_game(PAIRS[0][0]))
    reference = json.loads(PAIRS[0][1].read_text(encoding="utf-8"))
    assert {"title", "name", "rule", "log", "sc"} <= obj.keys()
    assert obj["rule"] == {"disp": "鳳南喰赤", "aka": 1} and obj["sc"] == reference["sc"]
    for mine, theirs in zip(obj["log"], reference["log"], strict=True):
        assert len(mine) == 17 and mine[:2] == theirs[:2] and mine[16][0] == theirs[16][0]
        assert [len(x) for x in mine[4:16]] == [len(x) for x in theirs[4:16]]


def test_synthetic_game_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "synthetic.json"
    path.write_text(json.dumps(_synthetic()), encoding="utf-8")
    game = read_tenhou6(path)
    path.write_text(json.dumps(write_tenhou6(game)), encoding="utf-8")
    assert read_tenhou6(path).rounds == game.rounds


# ---- rebuilding the order of play ----------------------------------------------------------------------


def _synthetic() -> dict[str, Any]:
    """A round where the first reading fails: seat 1's 3m could go to seat 3's pon or seat 2's chi.

    Taking the pon (which Tenhou would favour) leaves seat 0 with a pon of seat 2's discard at the head of
    its list and no such discard; the chi is the reading that uses every list up.
    """
    seats = [
        ([45, 45, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32], [41, "45p4545", 42], [60, 21, 60]),
        ([13, 13, 14, 15, 16, 17, 18, 19, 33, 34, 35, 36, 37], [43, 44], [13, 13]),
        ([11, 12, 45, 14, 15, 16, 17, 18, 19, 38, 39, 46, 47], ["c131112"], [45]),
        ([13, 13, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32], ["13p1313"], [21]),
    ]
    log = [[0, 0, 0], [25000] * 4, [33], []] + [x for seat in seats for x in seat] + [["流局", [0, 0, 0, 0]]]
    return {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [log]}


def test_turn_order_search_finds_the_only_consistent_reading(tmp_path: Path) -> None:
    path = tmp_path / "synthetic.json"
    path.write_text(json.dumps(_synthetic()), encoding="utf-8")
    rnd = read_tenhou6(path).rounds[0]
    moves = [(e.kind, e.seat, e.meld.type if e.meld else tile_code(e.tile) if e.tile is not None else None)
             for e in rnd.events]  # fmt: skip
    assert moves == [
        ("draw", 0, 41), ("discard", 0, 41), ("draw", 1, 43), ("discard", 1, 13), ("call", 2, "chi"),
        ("discard", 2, 45), ("call", 0, "pon"), ("discard", 0, 21), ("draw", 1, 44), ("discard", 1, 13),
        ("call", 3, "pon"), ("discard", 3, 21), ("draw", 0, 42), ("discard", 0, 42), ("ryuukyoku", None, None),
    ]  # fmt: skip
    assert rnd.results == (DrawRecord(None, (0, 0, 0, 0), (0, 1, 2, 3)),)


# ---- tiles and melds -----------------------------------------------------------------------------------------


def test_tile_codes_round_trip() -> None:
    for tile in range(136):
        kind, red = code_kind(tile_code(tile))
        assert (kind, red) == (tile // 4, tile in RED_FIVES)
    assert [tile_code(t) for t in (16, 17, 52, 88, 108, 135)] == [51, 15, 52, 53, 41, 47]
    assert tile_code(16, red=False) == 15


def _encode(meld: LogMeld) -> int:
    """Tenhou's bit layout, written out from the format description, to check the decoder against."""
    kind = meld.tiles[0] // 4
    if meld.type == "chi":
        t = (kind // 9) * 7 + kind % 9
        code = ((t * 3 + meld.tiles.index(meld.called)) << 10) | 0x4 | (meld.from_rel or 0)
        return code | sum((tile % 4) << (3 + 2 * i) for i, tile in enumerate(meld.tiles))
    if meld.type in ("pon", "kakan"):
        unused = ({0, 1, 2, 3} - {t % 4 for t in meld.tiles[:3]}).pop()
        flag = 0x8 if meld.type == "pon" else 0x10
        return ((kind * 3 + meld.tiles[:3].index(meld.called)) << 9) | (unused << 5) | flag | (meld.from_rel or 0)
    if meld.type == "nuki":
        return (meld.tiles[0] << 8) | 0x20
    return ((meld.called if meld.called is not None else meld.tiles[0]) << 8) | (meld.from_rel or 0)


def test_meld_decoding_covers_the_bit_layout() -> None:
    melds = [LogMeld("nuki", (121,)), LogMeld("ankan", (0, 1, 2, 3)), LogMeld("kan", (132, 133, 134, 135), 134, 2)]
    for suit in range(3):
        for low in range(7):
            tiles = tuple((suit * 9 + low + i) * 4 + (low + i) % 4 for i in range(3))
            melds += [LogMeld("chi", tiles, tiles[low % 3], 3)]
    for kind in range(34):
        for unused in range(4):
            pon = tuple(kind * 4 + i for i in range(4) if i != unused)
            melds += [LogMeld("pon", pon, pon[kind % 3], 1 + kind % 3)]
            melds += [LogMeld("kakan", pon + (kind * 4 + unused,), pon[unused % 3], 1 + unused % 3)]
    for meld in melds:
        assert decode_meld(_encode(meld)) == meld


# ---- loading --------------------------------------------------------------------------------------------


@NEEDS_DATA
def test_load_logs_walks_directories_and_skips_other_files() -> None:
    games = load_logs([DATA])
    # sanma/ adds four three-player tenhou.net/6 games and 161 mjlog files ending in .txt (the walk sniffs those)
    sanma = _files("sanma", ".json") + _files("sanma", ".txt")
    assert (len(ALL_FILES), len(sanma)) == (115, 165)
    assert len(games) == len(ALL_FILES) + len(sanma)
    assert {g.format for g in games} == {"mjlog", "tenhou6"}
    assert all(g.rules["players"] == 3 for g in games if "sanma" in Path(g.source).parts)


@NEEDS_DATA
def test_load_logs_reads_gzip_and_sniffs_unknown_names(tmp_path: Path) -> None:
    source = MJLOG_FILES[0]
    (tmp_path / "a.mjlog.gz").write_bytes(gzip.compress(source.read_bytes()))
    (tmp_path / "b.mjlog").write_bytes(gzip.compress(source.read_bytes()))
    shutil.copy(TENHOU6_FILES[0], tmp_path / "c.log")
    (tmp_path / "notes.txt").write_text("not a log")
    games = load_logs([tmp_path / "a.mjlog.gz", tmp_path / "b.mjlog", tmp_path / "c.log"])
    assert [g.format for g in games] == ["mjlog", "mjlog", "tenhou6"]
    assert games[0].rounds == games[1].rounds == _game(source).rounds
    assert len(load_logs(tmp_path)) == 2  # the directory walk takes only log suffixes
    with pytest.raises(MjsimError, match="notes.txt"):
        load_logs([tmp_path / "notes.txt"])
    with pytest.raises(MjsimError, match="missing"):
        load_logs([tmp_path / "missing.xml"])


@NEEDS_DATA
@pytest.mark.parametrize("path", _files("tenhou6/mjx_mjscore", ".json"), ids=_name)
def test_json_lines_rounds_are_merged(path: Path) -> None:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    game = _game(path)
    assert len(game.rounds) == len(lines) and game.names == ("Aさん", "Bさん", "Cさん", "Dさん")


# ---- malformed input ------------------------------------------------------------------------------------------

_MJLOG = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,2,100" ten="250,250,250,250" oya="0" hai0="{h0}" hai1="{h1}" hai2="{h2}" hai3="{h3}"/>'
    "<T60/><D60/><U61/><E61/><V62/><F62/><W63/><G63/><T64/>"
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="1,2,3" '
    'owari="250,5.0,250,-5.0,250,15.0,250,-15.0"/></mjloggm>'
).format(**{f"h{s}": ",".join(str(4 * i + s) for i in range(13)) for s in range(4)})


def _t6(change: Any) -> str:
    """The synthetic tenhou6 game with one change."""
    obj = copy.deepcopy(_synthetic())
    change(obj)
    return json.dumps(obj, ensure_ascii=False)


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(obj: Any) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


MALFORMED = {
    "truncated.mjlog": (_MJLOG[: len(_MJLOG) // 2], r"not well-formed.*line 1"),
    "empty.xml": ("", r"not well-formed"),
    "not_a_log.xml": ("<html><body/></html>", r"<html>"),
    "no_seed.mjlog": (_MJLOG.replace('seed="0,0,0,1,2,100" ', ""), r"<INIT>.*round 1.*'seed'"),
    "short_seed.mjlog": (_MJLOG.replace("0,0,0,1,2,100", "0,0,0"), r"<INIT>.*seed has 3 values"),
    "bad_tile.mjlog": (_MJLOG.replace("<U61/>", "<U161/>"), r"<U161>.*tile id 161"),
    "bad_meld.mjlog": (_MJLOG.replace("<V62/>", '<N who="2" m="x"/>'), r"<N> at index 8 \(round 1\): m='x'"),
    "bad_seat.mjlog": (_MJLOG.replace("<E61/>", '<REACH who="7" step="1"/>'), r"<REACH>.*who=7"),
    "move_before_init.mjlog": (_MJLOG.replace("<TAIKYOKU", "<T5/><TAIKYOKU"), r"<T5>.*before the first round"),
    "no_go.mjlog": (_MJLOG.replace('<GO type="169" lobby="0"/>', ""), r"no <GO>"),
    "bad_sc.mjlog": (_MJLOG.replace('sc="250,0,250,0,250,0,250,0"', 'sc="250,0"'), r"<RYUUKYOKU>.*sc has 2"),
    "truncated.json": (_t6(lambda o: None)[:300], r"not valid JSON"),
    "bad_line.json": (_t6(lambda o: None) + "\n{]\n", r"line 2 is not valid JSON"),
    "no_log.json": ('{"name": ["A"]}', r"'log' list"),
    "short_round.json": (_t6(lambda o: o["log"][0].pop()), r"log\[0\] \(E1-0\).*17 fields"),
    "bad_code.json": (_t6(_set(("log", 0, 5, 2), 58)), r"seat 0 draws\[2\]: 58 is not a tile code"),
    "bad_haipai.json": (_t6(_set(("log", 0, 7, 0), 10)), r"10 is not a tile code"),
    "short_haipai.json": (_t6(lambda o: o["log"][0][10].pop()), r"seat 2 haipai has 12 tiles"),
    "five_copies.json": (_t6(_set(("log", 0, 5, 0), 13)), r"seat 0 draws\[0\]: tile code 13 appears more often"),
    "not_in_hand.json": (_t6(_set(("log", 0, 12), [41])), r"seat 2 discards\[0\]: seat 2 has no 41"),
    "bad_call.json": (_t6(_set(("log", 0, 11, 0), "x131112")), r"seat 2 draws\[0\].*not a call"),
    "stray_call.json": (_t6(_set(("log", 0, 14, 0), "p414141")), r"order of play"),
    "bad_result.json": (_t6(_set(("log", 0, 16), ["終局"])), r"result '終局'"),
    "bad_yaku.json": (
        _t6(_set(("log", 0, 16), ["和了", [-1000, 1000, 0, 0], [1, 0, 1, "30符1飜1000点", "無役(1飜)"]])),
        r"result\[2\].*unknown yaku",
    ),
    "bad_score.json": (_t6(_set(("log", 0, 16), ["和了", [0, 0, 0, 0], [1, 0, 1, "たくさん"]])), r"score"),
    "bad_sc.json": (_t6(_set(("sc",), [1, 2])), r"'sc'"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_input_raises_mjsim_error_naming_file_and_place(name: str, tmp_path: Path) -> None:
    text, where = MALFORMED[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MjsimError) as caught:
        load_logs([path])
    message = str(caught.value)
    assert str(path) in message
    assert re.search(where, message), message


def test_minimal_inputs_behind_the_malformed_cases_load(tmp_path: Path) -> None:
    (tmp_path / "ok.mjlog").write_text(_MJLOG, encoding="utf-8")
    (tmp_path / "ok.json").write_text(_t6(lambda o: None), encoding="utf-8")
    xml, t6 = load_logs([tmp_path / "ok.mjlog", tmp_path / "ok.json"])
    assert xml.rounds[0].results == (DrawRecord("yao9", (0, 0, 0, 0), None),)
    assert xml.rounds[0].events[-1].seat == 0
    assert xml.final == ((25000, 5.0), (25000, -5.0), (25000, 15.0), (25000, -15.0))
    assert len(t6.rounds[0].events) == 15

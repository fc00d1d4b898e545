"""Bad input of every kind: exit status 2, one line on stderr naming the problem, no traceback, nothing written
outside the results folder.

Each case is a command line and the files it reads; ``{tmp}`` in an argument is the case's own folder (also the
working directory), and ``{out}`` the results folder, the one place a command may write.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli


@dataclass(frozen=True)
class Case:
    """One bad input: the command line, the files it reads (name -> bytes) and what the error must name."""

    id: str
    argv: tuple[str, ...]
    fragment: str
    files: tuple[tuple[str, bytes], ...] = ()


def case(id: str, argv: str | list[str], fragment: str, **files: bytes | str) -> Case:
    """A case; ``argv`` as one string is split on spaces, file names use ``_`` for ``.`` (``e_toml``)."""
    args = argv.split() if isinstance(argv, str) else argv
    data = tuple((name.replace("_", "."), t if isinstance(t, bytes) else t.encode()) for name, t in files.items())
    return Case(id, tuple(args), fragment, data)


HAND = "123m456p789s11222z"

SCORE = [
    case("tile-empty", ["score", ""], "HAND"),
    case("tile-letters", "score abc", "abc"),
    case("tile-no-suit", "score 123456", "123456"),
    case("tile-unknown-suit", "score 123x456p789s1122z", "123x"),
    case("tile-honour-8z", "score 123m456p789s1188z", "8z"),
    case("tile-honour-0z", "score 123m456p789s1100z", "0z"),
    case("tile-ten", "score 10m", "tiles"),
    case("tile-five-copies", "score 11111m456p789s22z", "too many of 1m"),
    case("tile-thirteen", "score 123m456p789s112z", "tiles"),
    case("tile-fifteen", "score 123m456p789s111222z", "tiles"),
    case("tile-one", "score 1m", "tiles"),
    case("tile-unicode", "score 一二三", "一二三"),
    case("tile-spaces", ["score", "123m 456p"], "tiles"),
    case("not-complete", "score 123m456p789s11234z", "not complete"),
    case("win-not-in-hand", f"score {HAND} --win 3z", "3z"),
    case("win-bad-tile", f"score {HAND} --win 9x", "9x"),
    case("win-two-tiles", f"score {HAND} --win 1z2z", "--win"),
    case("dora-bad", f"score {HAND} --dora 0x", "0x"),
    case("dora-empty", f"score {HAND} --dora", "--dora"),
    case("ura-bad", f"score {HAND} --riichi --ura q", "q"),
    case("seat-wind-bad", f"score {HAND} --seat-wind X", "X"),
    case("seat-wind-lower", f"score {HAND} --seat-wind northwest", "northwest"),
    case("round-wind-bad", f"score {HAND} --round-wind 7", "7"),
    case("from-bad", f"score {HAND} --from Q", "Q"),
    case("honba-negative", f"score {HAND} --honba -1", "honba"),
    case("honba-text", f"score {HAND} --honba many", "honba"),
    case("sticks-negative", f"score {HAND} --sticks -2", "sticks"),
    case("meld-unknown-kind", f"score {HAND} --meld steal:123m", "steal"),
    case("meld-chi-not-run", "score 456p789s1122z --meld chi:135m", "135m"),
    case("meld-pon-mixed", "score 456p789s1122z --meld pon:123m", "123m"),
    case("meld-kan-three", "score 456p789s1122z --meld kan:111m", "111m"),
    case("meld-no-colon", f"score {HAND} --meld 123m", "tiles"),
    case("meld-bad-tiles", f"score {HAND} --meld pon:zzz", "zzz"),
    case("meld-chi-honours", "score 456p789s1122z --meld chi:123z", "123z"),
    case("preset-unknown", f"score {HAND} --preset nope", "nope"),
    case("set-unknown-option", f"score {HAND} --set riichi.nope=1", "riichi.nope"),
    case("set-no-equals", f"score {HAND} --set riichi.kuitan", "KEY=VALUE"),
    case("set-bad-value", f"score {HAND} --set riichi.kuitan=maybe", "riichi.kuitan"),
    case("set-empty-key", f"score {HAND} --set =1", "KEY=VALUE"),
    case("situation-unknown", f"score {HAND} --situation teleport", "teleport"),
    case("extra-no-equals", f"score {HAND} --extra jirai", "KEY=VALUE"),
    case("plugin-missing", f"score {HAND} --plugin no_such_module_here", "no_such_module_here"),
    case("cases-missing-file", "score --cases {tmp}/none.jsonl", "none.jsonl"),
    case("cases-and-hand", ["score", HAND, "--cases", "{tmp}/c.jsonl"], "--cases", c_jsonl="{}\n"),
    case("cases-not-json", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl="{not json\n"),
    case("cases-not-utf8", "score --cases {tmp}/c.jsonl", "UTF-8", c_jsonl=b'{"a": "\xff"}\n'),
    case("cases-a-list", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl="[1, 2]\n"),
    case("cases-empty-object", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl="{}\n"),
    case("cases-hand-not-list", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl='{"hand_136": 5}\n'),
    case("cases-deep", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl="[" * 100_000 + "]" * 100_000 + "\n"),
    case("cases-huge-number", "score --cases {tmp}/c.jsonl", "c.jsonl", c_jsonl='{"kyoku": ' + "9" * 10_000 + "}\n"),
    case("cases-a-folder", "score --cases {tmp}", "{tmp}"),
]

SIMULATE = [
    case("games-zero", "simulate --games 0", "--games"),
    case("games-negative", "simulate --games -5", "--games"),
    case("games-text", "simulate --games ten", "--games"),
    case("games-float", "simulate --games 2.5", "--games"),
    case("games-huge", "simulate --games 100000000000", "games"),
    case("seed-text", "simulate --seed abc", "--seed"),
    case("seed-float", "simulate --seed 1.5", "--seed"),
    case("preset-unknown", "simulate --preset nope", "nope"),
    case("preset-empty", ["simulate", "--preset", ""], "preset"),
    case("preset-missing-file", "simulate --preset {tmp}/none.toml", "none.toml"),
    case("set-unknown", "simulate --set riichi.nope=1", "riichi.nope"),
    case("set-family-unknown", "simulate --set nope.kuitan=1", "nope.kuitan"),
    case("set-bad-bool", "simulate --set riichi.kuitan=perhaps", "riichi.kuitan"),
    case("set-out-of-range", "simulate --set riichi.start_points=-5", "riichi.start_points"),
    case("set-no-equals", "simulate --set kuitan", "KEY=VALUE"),
    case("agents-unknown", "simulate --agents wizard,efficiency,efficiency,efficiency", "wizard"),
    case("agents-too-few", "simulate --agents efficiency,efficiency", "agents"),
    case("agents-too-many", "simulate --agents " + ",".join(["efficiency"] * 5), "agents"),
    case("agents-empty-name", "simulate --agents efficiency,,efficiency,efficiency", "agents"),
    case("agents-other-family", "simulate --agents taiwan,efficiency,efficiency,efficiency", "taiwan"),
    case("workers-zero", "simulate --workers 0", "--workers"),
    case("workers-negative", "simulate --workers -2", "--workers"),
    case("workers-text", "simulate --workers many", "--workers"),
    case("backend-unknown", "simulate --backend threads", "--backend"),
    case("log-out-a-file", "simulate --log-out {tmp}/f.txt", "f.txt", f_txt="x"),
    case("plugin-empty", ["simulate", "--plugin", ""], "needs a name"),
    case("plugin-missing", "simulate --plugin no_such_module_here", "no_such_module_here"),
    case("plugin-failing", "simulate --plugin mjsim_test_broken", "mjsim_test_broken"),
    case("plugin-syntax", "simulate --plugin mjsim_test_syntax", "mjsim_test_syntax"),
    case("unknown-flag", "simulate --colour red", "--colour"),
]

CHECK = [
    case("examples-zero", "check --examples 0", "--examples"),
    case("examples-text", "check --examples lots", "--examples"),
    case("examples-huge", "check --examples 100000000000", "examples"),
    case("preset-unknown", "check --preset nope", "nope"),
    case("set-unknown", "check --set riichi.nope=1", "riichi.nope"),
    case("seed-text", "check --seed x", "--seed"),
    case("plugin-missing", "check --plugin no_such_module_here", "no_such_module_here"),
]

COMPARE = [
    case("no-presets", "compare", "Missing argument"),
    case("one-preset", "compare tenhou", "Missing argument"),
    case("preset-a-unknown", "compare nope tenhou --games 2", "nope"),
    case("preset-b-unknown", "compare tenhou nope --games 2", "nope"),
    case("games-one", "compare tenhou tenhou --games 1", "--games"),
    case("games-huge", "compare tenhou tenhou --games 100000000000", "games"),
    case("set-a-bad", "compare tenhou tenhou --set-a riichi.nope=1", "riichi.nope"),
    case("set-b-bad", "compare tenhou tenhou --set-b riichi.kuitan=maybe", "riichi.kuitan"),
    case("agents-unknown", "compare tenhou tenhou --agents a,b,c,d", "'a'"),
    case("workers-zero", "compare tenhou tenhou --workers 0", "--workers"),
]

RULES = [
    case("preset-unknown", "rules --preset nope", "nope"),
    case("set-unknown", "rules --set riichi.nope=1", "riichi.nope"),
    case("set-bad-value", "rules --set riichi.red_fives=lots", "riichi.red_fives"),
    case("set-no-equals", "rules --set x", "KEY=VALUE"),
    case("extra-argument", "rules tenhou", "tenhou"),
]

XML_BOMB = (
    '<?xml version="1.0"?><!DOCTYPE b [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY a{i} "{"&a;" * 10 if i == 0 else f"&a{i - 1};" * 10}">' for i in range(8))
    + "]><mjloggm>&a7;</mjloggm>"
)

REPLAY = [
    case("path-missing", "replay {tmp}/none.xml", "none.xml"),
    case("no-path", "replay", "Missing argument"),
    case("empty-file", "replay {tmp}/g.xml", "g.xml", g_xml=""),
    case("not-xml", "replay {tmp}/g.xml", "g.xml", g_xml="hello"),
    case("truncated-xml", "replay {tmp}/g.xml", "g.xml", g_xml='<mjloggm ver="2.3"><GO type="169"/><UN n0="a"'),
    case("xml-bomb", "replay {tmp}/g.xml", "g.xml", g_xml=XML_BOMB),
    case(
        "xml-external-entity",
        "replay {tmp}/g.xml",
        "g.xml",
        g_xml='<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><mjloggm>&e;</mjloggm>',
    ),
    case("xml-not-utf8", "replay {tmp}/g.xml", "g.xml", g_xml=b"<mjloggm \xff\xfe>"),
    case("xml-wrong-root", "replay {tmp}/g.xml", "g.xml", g_xml="<html><body/></html>"),
    case("json-malformed", "replay {tmp}/g.json", "g.json", g_json='{"log": ['),
    case("json-not-object", "replay {tmp}/g.json", "g.json", g_json="[1, 2, 3]"),
    case("json-no-log", "replay {tmp}/g.json", "g.json", g_json='{"title": "x"}'),
    case("json-log-not-list", "replay {tmp}/g.json", "g.json", g_json='{"log": 5}'),
    case("json-round-garbage", "replay {tmp}/g.json", "g.json", g_json='{"log": [[1, 2, 3]]}'),
    case("json-deep", "replay {tmp}/g.json", "g.json", g_json='{"log": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    case("json-huge-number", "replay {tmp}/g.json", "g.json", g_json='{"log": [[[' + "7" * 10_000 + "]]]}"),
    case("json-not-utf8", "replay {tmp}/g.json", "g.json", g_json=b'{"log": "\xff"}'),
    case("gzip-corrupt", "replay {tmp}/g.json.gz", "g.json.gz", g_json_gz=b"\x1f\x8b\x08\x00garbage"),
    case("gzip-not-gzip", "replay {tmp}/g.xml.gz", "g.xml.gz", g_xml_gz=b"plain text"),
    case("folder-empty", "replay {tmp}/logs", "logs", logs__keep=""),
]

REPORT = [
    case("no-folder", "report {tmp}/none", "none"),
    case("empty-folder", "report {tmp}/r", "r", r__keep=""),
    case("store-not-sqlite", "report {tmp}/r", "r", r__store_sqlite="hello"),
    case("store-empty", "report {tmp}/r", "r", r__store_sqlite=""),
]

GOOD = 'name = "e"\ngames = 2\n[[rulesets]]\npreset = "tenhou"\n'
RUN = "run {tmp}/e.toml --out {out} --backend serial"


def experiment(id: str, text: str | bytes, fragment: str, argv: str = RUN, **files: str | bytes) -> Case:
    """A ``run`` of the experiment file ``text``."""
    return case(id, argv, fragment, e_toml=text, **files)


def good(old: str, new: str) -> str:
    """The good experiment with one piece replaced."""
    assert old in GOOD
    return GOOD.replace(old, new)


RUN_CASES = [
    experiment("missing-file", "", "none.toml", argv="run {tmp}/none.toml --out {out}"),
    experiment("empty-file", "", "'rulesets' is required"),
    experiment("malformed-toml", "name = [", "malformed TOML"),
    experiment("not-utf8", b'name = "\xff"\n', "not UTF-8"),
    experiment("utf16", GOOD.encode("utf-16"), "not UTF-8"),
    experiment("no-rulesets", 'name = "e"\n', "'rulesets' is required"),
    experiment("rulesets-empty", 'name = "e"\nrulesets = []\n', "rulesets"),
    experiment("rulesets-not-tables", 'name = "e"\nrulesets = [1]\n', "rulesets"),
    experiment("rulesets-a-table", 'name = "e"\n[rulesets]\npreset = "tenhou"\n', "rulesets"),
    experiment("ruleset-no-preset", 'name = "e"\n[[rulesets]]\nlabel = "x"\n', "preset"),
    experiment("ruleset-unknown-key", GOOD + 'colour = "red"\n', "colour"),
    experiment("ruleset-preset-number", good('"tenhou"', "5"), "preset"),
    experiment("unknown-key", "colour = 1\n" + GOOD, "unknown key 'colour'"),
    experiment("unknown-key-near", "gmaes = 1\n" + GOOD, "games"),
    experiment("games-zero", good("games = 2", "games = 0"), "'games'"),
    experiment("games-negative", good("games = 2", "games = -1"), "'games'"),
    experiment("games-one", good("games = 2", "games = 1"), "'games' must be from 2"),
    experiment("games-text", good("games = 2", 'games = "2"'), "'games'"),
    experiment("games-float", good("games = 2", "games = 2.5"), "'games'"),
    experiment("games-bool", good("games = 2", "games = true"), "'games'"),
    experiment("games-huge", good("games = 2", "games = 1000000000000"), "'games'"),
    experiment("games-array", good("games = 2", "games = [2]"), "'games'"),
    experiment("seed-text", "seed = 'x'\n" + GOOD, "'seed'"),
    experiment("seed-negative", "seed = -1\n" + GOOD, "'seed'"),
    experiment("seed-float", "seed = 1.5\n" + GOOD, "'seed'"),
    experiment("name-climbs-out", good('"e"', '"../../x"'), "'name'"),
    experiment("name-absolute", good('"e"', '"/tmp/x"'), "'name'"),
    experiment("name-empty", good('"e"', '""'), "'name'"),
    experiment("name-dots", good('"e"', '".."'), "'name'"),
    experiment("name-number", good('"e"', "5"), "'name'"),
    experiment("name-slash", good('"e"', '"a/b"'), "'name'"),
    experiment("name-backslash", good('"e"', '"a\\\\b"'), "'name'"),
    experiment("name-newline", good('"e"', '"a\\nb"'), "'name'"),
    experiment("name-too-long", good('"e"', '"' + "a" * 300 + '"'), "'name'"),
    experiment("rotate-text", 'rotate_seats = "false"\n' + GOOD, "'rotate_seats'"),
    experiment("rotate-number", "rotate_seats = 1\n" + GOOD, "'rotate_seats'"),
    experiment("agents-one", 'agents = ["efficiency"]\n' + GOOD, "agents"),
    experiment("agents-unknown", 'agents = ["a", "b", "c", "d"]\n' + GOOD, "'a'"),
    experiment("agents-not-list", 'agents = "efficiency"\n' + GOOD, "agents"),
    experiment("agents-numbers", "agents = [1, 2, 3, 4]\n" + GOOD, "agents"),
    experiment("target-unknown", 'target = "luck"\n' + GOOD, "target"),
    experiment("target-number", "target = 3\n" + GOOD, "target"),
    experiment("sections-unknown", 'sections = ["glory"]\n' + GOOD, "report section 'glory'"),
    experiment("sections-not-list", 'sections = "boo_dabuken"\n' + GOOD, "'sections'"),
    experiment("plugins-number", GOOD + "plugins = [5]\n", "plugins"),
    experiment("plugins-empty-name", GOOD + 'plugins = [""]\n', "plugins"),
    experiment("plugins-not-list", GOOD + 'plugins = "chips"\n', "plugins"),
    experiment("plugins-missing", GOOD + 'plugins = ["no_such_module"]\n', "no_such_module"),
    experiment("options-list", GOOD + "options = [1]\n", "options"),
    experiment("option-unknown", GOOD + '[rulesets.options]\n"riichi.nope" = 1\n', "riichi.nope"),
    experiment("option-bad-value", GOOD + '[rulesets.options]\n"riichi.kuikae" = "maybe"\n', "riichi.kuikae"),
    experiment("option-wrong-type", GOOD + '[rulesets.options]\n"riichi.kuitan" = 3\n', "riichi.kuitan"),
    experiment("option-out-of-range", GOOD + '[rulesets.options]\n"riichi.red_fives" = 99\n', "riichi.red_fives"),
    experiment("option-nested-table", GOOD + "[rulesets.options.riichi]\nkuitan = false\n", "riichi"),
    experiment("preset-unknown", good('"tenhou"', '"nope"'), "unknown preset 'nope'"),
    experiment("preset-missing-file", good('"tenhou"', '"{tmp}/none.toml"'), "none.toml"),
    experiment("until-ci-nan", GOOD, "--until-ci", argv=RUN + " --until-ci nan"),
    experiment("until-ci-negative", GOOD, "--until-ci", argv=RUN + " --until-ci -1"),
    experiment("until-ci-zero", GOOD, "--until-ci", argv=RUN + " --until-ci 0"),
    experiment("until-ci-inf", GOOD, "--until-ci", argv=RUN + " --until-ci inf"),
    experiment("until-ci-text", GOOD, "--until-ci", argv=RUN + " --until-ci tight"),
    experiment("workers-zero", GOOD, "--workers", argv=RUN + " --workers 0"),
    experiment("backend-unknown", GOOD, "--backend", argv="run {tmp}/e.toml --out {out} --backend gpu"),
    experiment("a-folder", GOOD, "{tmp}", argv="run {tmp} --out {out}"),
]

FOREIGN_SQLITE = bytes.fromhex(
    "53514c69746520666f726d6174203300"  # "SQLite format 3\0": the header of any SQLite file, not ours
) + bytes(84)

STORES = [
    experiment("store-empty", GOOD, "empty file", argv=RUN + " --resume", out__e__store_sqlite=b""),
    experiment("store-random-bytes", GOOD, "not a results store", out__e__store_sqlite=b"\x00garbage" * 100),
    experiment("store-text", GOOD, "not a results store", out__e__store_sqlite="hello, world\n" * 50),
    experiment("store-truncated-header", GOOD, "store.sqlite", out__e__store_sqlite=FOREIGN_SQLITE),
    experiment("plugins-os", GOOD + 'plugins = ["os"]\n', "unknown variant 'os'"),
    experiment("plugins-this", GOOD + 'plugins = ["this"]\n', "unknown variant 'this'"),
    experiment("plugins-dotted-path", GOOD + 'plugins = ["mjsim.stats"]\n', "--allow-plugin mjsim.stats"),
    experiment(
        "plugins-failing-allowed",
        GOOD + 'plugins = ["mjsim_test_broken"]\n',
        "this plugin is broken",
        argv="--allow-plugin mjsim_test_broken " + RUN,
    ),
    experiment(
        "plugins-syntax-allowed",
        GOOD + 'plugins = ["mjsim_test_syntax"]\n',
        "mjsim_test_syntax",
        argv="--allow-plugin mjsim_test_syntax " + RUN,
    ),
]

PRESET = "{tmp}/p.toml"


def preset(id: str, text: str | bytes, fragment: str) -> Case:
    """A ``rules`` listing of the preset file ``text``."""
    return case(id, ["rules", "--preset", PRESET], fragment, p_toml=text)


PRESETS = [
    preset("empty", "", "p.toml"),
    preset("malformed", "name = [", "p.toml"),
    preset("not-utf8", b'name = "p"\nvariants = ["riichi"]\ndescription = "\xff"\n', "not UTF-8"),
    preset("variants-numbers", 'name = "p"\nvariants = [1, 2]\n', "variant names"),
    preset("variants-text", 'name = "p"\nvariants = "riichi"\n', "variant names"),
    preset("variants-empty", 'name = "p"\nvariants = []\n', "variants"),
    preset("variant-unknown", 'name = "p"\nvariants = ["nope"]\n', "nope"),
    preset("variant-module", 'name = "p"\nvariants = ["os"]\n', "os"),
    preset("options-list", 'name = "p"\nvariants = ["riichi"]\noptions = [1]\n', "'options'"),
    preset("option-unknown", 'name = "p"\nvariants = ["riichi"]\n[options]\n"riichi.nope" = 1\n', "riichi.nope"),
    preset("option-bad-value", 'name = "p"\nvariants = ["riichi"]\n[options]\n"riichi.kuitan" = "x"\n', "kuitan"),
    preset("extends-number", 'name = "p"\nextends = 3\n', "'extends'"),
    preset("extends-unknown", 'name = "p"\nextends = "nope"\n', "nope"),
    preset("unknown-key", 'name = "p"\nvariants = ["riichi"]\ncolour = 1\n', "colour"),
    preset("name-number", 'name = 5\nvariants = ["riichi"]\n', "name"),
]

GROUP = [
    case("no-such-command", "teleport", "teleport"),
    case("group-plugin-empty", ["--plugin", "", "variants"], "plugin"),
    case("group-plugin-missing", "--plugin no_such_module_here variants", "no_such_module_here"),
    case("group-plugin-failing", "--plugin mjsim_test_broken variants", "mjsim_test_broken"),
    case("group-plugin-syntax", "--plugin mjsim_test_syntax variants", "mjsim_test_syntax"),
    case("group-plugin-bad-hook", "--plugin mjsim_test_bad_hook variants", "mjsim_test_bad_hook"),
]


MJAI_AGENTS = 'agents = ["mjai:sh -c \'touch MARK\'", "efficiency", "efficiency", "efficiency"]\n'
CHAIN = {f"p{i}_toml": f'name = "p{i}"\nextends = "p{i + 1}.toml"\n' for i in range(1500)}  # 1,500 presets


def sweep(text: str) -> str:
    """The good experiment with one [[sweep]] of riichi.start_points."""
    return GOOD + '[[sweep]]\noption = "riichi.start_points"\n' + text


BALANCE = "balance --option riichi.start_points --metric win_rate --low 20000 --high 30000"

UNTRUSTED = [  # issue 41: what a file names is not run, and what used to be a traceback is one line
    experiment("agent-runs-a-command", MJAI_AGENTS + GOOD, "--allow-command"),
    experiment(
        "mjai-agent-outside-riichi",
        'agents = ["mjai:true", "efficiency", "efficiency", "efficiency"]\n' + good('"tenhou"', '"chengdu"'),
        "is a bot of variant 'riichi'",
        argv="--allow-command mjai:true " + RUN,
    ),
    experiment("preset-chain-1500", good('"tenhou"', '"p0.toml"'), "more than 32 presets", **CHAIN),
    experiment("sweep-start-nan", sweep("start = nan\nstop = 30000\nstep = 100\n"), "finite"),
    experiment("sweep-stop-inf", sweep("start = 100\nstop = inf\nstep = 100\n"), "finite"),
    experiment("sweep-step-tiny", sweep("start = 100\nstop = 30000\nstep = 1e-320\n"), "a sweep takes 2 to 1000"),
    experiment("sweep-values-nan", sweep("values = [nan, 25000]\n"), "finite"),
    experiment(
        "sweeps-a-million-rule-sets",
        sweep("start = 1000\nstop = 100900\nstep = 100\n")
        + '[[sweep]]\noption = "riichi.return_points"\nstart = 1000\nstop = 100900\nstep = 100\n',
        "1,000,000 rule sets",
    ),
    case("balance-target-nan", BALANCE + " --target nan", "target must be a finite number"),
    case("balance-target-inf", BALANCE + " --target inf", "target must be a finite number"),
    case("balance-tolerance-negative", BALANCE + " --target 0.2 --tolerance -1", "tolerance must be above 0"),
    case("balance-low-outside-option", BALANCE.replace("20000", "-5") + " --target 0.2", "not a value of the option"),
    case("explain-two-families", "explain tenhou chengdu --games 2", "explain compares rule sets of one family"),
    case("run-dev-zero", "run /dev/zero", "not a regular file"),
    case("replay-dev-zero", "replay /dev/zero", "not a regular file"),
    case("view-dev-zero", "view /dev/zero", "not a regular file"),
    case("plugin-hook-raises", "simulate --plugin mjsim_test_raising_hook --games 1", "mjsim_add_options"),
    case("replay-empty-mjson", "replay {tmp}/g.mjson", "nothing to check", g_mjson=""),
]


def _named(prefix: str, cases: list[Case]) -> list[pytest.param]:
    return [pytest.param(c, id=f"{prefix}-{c.id}") for c in cases]


ALL = (
    _named("score", SCORE)
    + _named("simulate", SIMULATE)
    + _named("check", CHECK)
    + _named("compare", COMPARE)
    + _named("rules", RULES)
    + _named("replay", REPLAY)
    + _named("report", REPORT)
    + _named("run", RUN_CASES)
    + _named("store", STORES)
    + _named("preset", PRESETS)
    + _named("cli", GROUP)
    + _named("untrusted", UNTRUSTED)
)

BROKEN_MODULES = {
    "mjsim_test_broken.py": "raise RuntimeError('this plugin is broken')\n",
    "mjsim_test_syntax.py": "def (:\n",
    "mjsim_test_bad_hook.py": "import pluggy\nhookimpl = pluggy.HookimplMarker('mjsim')\n\n"
    "@hookimpl\ndef mjsim_no_such_hook():\n    return 1\n",
    "mjsim_test_raising_hook.py": "import pluggy\nhookimpl = pluggy.HookimplMarker('mjsim')\n\n"
    "@hookimpl\ndef mjsim_add_options(registry):\n    raise ZeroDivisionError('a hook that raises')\n",
}


def test_the_suite_has_at_least_150_cases():
    assert len(ALL) >= 150
    assert len({p.id for p in ALL}) == len(ALL)


def _write_files(root: Path, files: tuple[tuple[str, bytes], ...]) -> None:
    for name, data in files:
        parts = name.split("..")  # "r..store.sqlite" is r/store.sqlite; "..keep" makes an empty folder
        path = root.joinpath(*parts)
        if parts[-1] == "keep":
            path.parent.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _snapshot(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if "out" not in p.relative_to(root).parts[:1]}


@pytest.mark.parametrize("bad", ALL)
def test_bad_input_is_one_line_and_exit_2(bad: Case, tmp_path, monkeypatch):
    _write_files(tmp_path, bad.files)
    for name, text in BROKEN_MODULES.items():
        (tmp_path / "modules").mkdir(exist_ok=True)
        (tmp_path / "modules" / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path / "modules"))
    monkeypatch.chdir(tmp_path)
    before = _snapshot(tmp_path)
    argv = [a.replace("{tmp}", str(tmp_path)).replace("{out}", str(tmp_path / "out")) for a in bad.argv]
    result = CliRunner().invoke(cli, argv, catch_exceptions=True)
    fragment = bad.fragment.replace("{tmp}", str(tmp_path))
    message = result.stderr.strip()
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert len(message.splitlines()) == 1, message
    assert message.startswith("mjsim: error: ") and fragment in message, message
    assert "Traceback" not in result.output
    assert _snapshot(tmp_path) - before <= {"modules/__pycache__"} | _pycache(tmp_path), _snapshot(tmp_path) - before


def _pycache(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in (root / "modules").rglob("*") if "__pycache__" in p.parts}


def test_a_gzip_bomb_is_refused_without_inflating_it(tmp_path):
    bomb = tmp_path / "g.json.gz"
    member = gzip.compress(b" " * (1 << 20), compresslevel=9)
    bomb.write_bytes(member * 2048)  # gzip members concatenate: 2 GiB of spaces in about 2 MB
    result = CliRunner().invoke(cli, ["replay", str(bomb)])
    assert result.exit_code == 2, result.output
    assert "g.json.gz" in result.stderr and len(result.stderr.strip().splitlines()) == 1

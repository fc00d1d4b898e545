"""The floor plan of issue 37 (part 1): move mjsim's flat modules into subpackages and rewrite every reference.

Run from the repository's root, on a clean work tree: ``python tools/floor_plan.py``. It

1. ``git mv``-es every module of :data:`MOVES` (old path -> new path; a module that becomes a package's
   ``__init__.py`` keeps its import path) and writes the ``__init__.py`` of the new packages (:data:`PACKAGES`);
2. rewrites the references in every file git tracks (``results/`` excepted: those files are made by the
   command written next to them): ``from mjsim.x import``, ``import mjsim.x``, ``from mjsim import x`` (and
   ``from mjsim.runner import progress``), dotted strings (monkeypatch targets, ``mjsim.cli_explore:explain``,
   ``python -m mjsim.x``), and paths ``mjsim/x.py``, longest names first;
3. applies the few text fix-ups a move needs (:data:`FIXUPS`: a ``__file__`` one folder deeper);
4. reports what it could not rewrite: leftover old names (globs such as ``mjsim/report*.py``, mentions under
   ``results/``), a package ``__init__`` global that a submodule of the same name would shadow, ``__file__``
   in a moved module, and the modules left at the top of ``mjsim/``.

It is idempotent: on a tree it already moved it moves nothing and rewrites nothing, so it can be re-run after
merging a newer main (new code written against the old paths is rewritten then). Exit status 1 when it found
something to report, 0 when the tree is clean.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

# Old file -> new file, by job (docs/architecture.md, "Layers", says why each group is where it is).
MOVES: dict[str, str] = {
    # scoring: the situation of a win, patterns, the evaluator; a win from text; how a score is shown
    "mjsim/scoring.py": "mjsim/scoring/__init__.py",
    "mjsim/win_input.py": "mjsim/scoring/win_input.py",
    "mjsim/score_report.py": "mjsim/scoring/report.py",
    # rules: rule sets, presets, options and their numbers, the plugin manager, the hook facade, consent
    "mjsim/rules.py": "mjsim/rules/__init__.py",
    "mjsim/presets.py": "mjsim/rules/presets.py",
    "mjsim/options.py": "mjsim/rules/options.py",
    "mjsim/numbers.py": "mjsim/rules/numbers.py",
    "mjsim/plugins.py": "mjsim/rules/plugins.py",
    "mjsim/entry_points.py": "mjsim/rules/entry_points.py",
    "mjsim/hooks.py": "mjsim/rules/hooks.py",
    "mjsim/consent.py": "mjsim/rules/consent.py",
    # players: a seat's view of the game and what a player weighs, beside the agents
    "mjsim/observation.py": "mjsim/agents/observation.py",
    "mjsim/observation_fields.py": "mjsim/agents/observation_fields.py",
    "mjsim/payoff.py": "mjsim/agents/payoff.py",
    # game logs: the formats a rule set is written in, beside mjsim's own log
    "mjsim/log_formats.py": "mjsim/gamelog/formats.py",
    # play statistics: what a record keeps of play, what families call it, rates, tables, logs of real play
    "mjsim/play_facts.py": "mjsim/play/facts.py",
    "mjsim/play_terms.py": "mjsim/play/terms.py",
    "mjsim/play_stats.py": "mjsim/play/stats.py",
    "mjsim/play_table.py": "mjsim/play/table.py",
    "mjsim/report_play.py": "mjsim/play/section.py",
    "mjsim/log_stats.py": "mjsim/play/logs.py",
    # checking: invariants, option draws, Hypothesis games, the three-seat test family
    "mjsim/invariants.py": "mjsim/checking/invariants.py",
    "mjsim/option_draws.py": "mjsim/checking/option_draws.py",
    "mjsim/check.py": "mjsim/checking/check.py",
    "mjsim/testing.py": "mjsim/checking/testing.py",
    # runs: the summary a run prints; progress is ground (runs, checks, logs and commands show it)
    "mjsim/simulate.py": "mjsim/runner/summary.py",
    "mjsim/runner/progress.py": "mjsim/progress.py",
    # experiments: files, sweeps, line-ups, metrics, balance questions, the store, the report sections asked for
    "mjsim/experiment.py": "mjsim/experiment/__init__.py",
    "mjsim/sweep.py": "mjsim/experiment/sweep.py",
    "mjsim/lineups.py": "mjsim/experiment/lineups.py",
    "mjsim/metrics.py": "mjsim/experiment/metrics.py",
    "mjsim/balance_question.py": "mjsim/experiment/balance_question.py",
    "mjsim/store.py": "mjsim/experiment/store.py",
    "mjsim/report_sections.py": "mjsim/experiment/sections.py",
    # reports
    "mjsim/report.py": "mjsim/report/__init__.py",
    "mjsim/report_explain.py": "mjsim/report/explain.py",
    "mjsim/report_html.py": "mjsim/report/html.py",
    "mjsim/report_lineups.py": "mjsim/report/lineups.py",
    "mjsim/report_md.py": "mjsim/report/md.py",
    "mjsim/report_plots.py": "mjsim/report/plots.py",
    "mjsim/report_rank.py": "mjsim/report/rank.py",
    "mjsim/report_sweep.py": "mjsim/report/sweep.py",
    "mjsim/report_sweep_plots.py": "mjsim/report/sweep_plots.py",
    # exploring the rule space: explain a difference, balance an option
    "mjsim/explain.py": "mjsim/explore/explain.py",
    "mjsim/explain_effects.py": "mjsim/explore/explain_effects.py",
    "mjsim/balance.py": "mjsim/explore/balance.py",
    "mjsim/balance_run.py": "mjsim/explore/balance_run.py",
    # the Python API (its module "tables" would be shadowed by the API's function tables(): hence "table")
    "mjsim/api.py": "mjsim/api/__init__.py",
    "mjsim/tables.py": "mjsim/api/table.py",
    "mjsim/export.py": "mjsim/api/export.py",
    # the command line
    "mjsim/cli.py": "mjsim/cli/__init__.py",
    "mjsim/cli_discover.py": "mjsim/cli/discover.py",
    "mjsim/cli_explore.py": "mjsim/cli/explore.py",
    "mjsim/cli_options.py": "mjsim/cli/options.py",
    "mjsim/cli_stats.py": "mjsim/cli/stats.py",
    "mjsim/interrupt.py": "mjsim/cli/interrupt.py",
}

# New packages made of modules only: their __init__.py says what they hold.
PACKAGES: dict[str, str] = {
    "mjsim/play/__init__.py": (
        '"""Play statistics: what a game\'s record keeps of how the players played, what each family calls it,\n'
        'rates and tables of it, the report section, and the same counts over logs of real play."""\n'
    ),
    "mjsim/checking/__init__.py": (
        '"""Checking games: the invariants run after every step, draws of option values, Hypothesis-driven\n'
        'games (``mjsim check``) and a three-seat family for tests."""\n'
    ),
    "mjsim/explore/__init__.py": (
        '"""Exploring the rule space: which options make two rule sets differ (``mjsim explain``) and which\n'
        'value of an option makes a metric reach a target (``mjsim balance``)."""\n'
    ),
}

# Text fix-ups a move needs, in the moved file: (file, old text, new text).
FIXUPS: list[tuple[str, str, str]] = [
    # cli.py became mjsim/cli/__init__.py: the checkout is one folder further up
    (
        "mjsim/cli/__init__.py",
        "CHECKOUT = Path(__file__).resolve().parent.parent",
        "CHECKOUT = Path(__file__).resolve().parents[2]",
    ),
]

# Module names that are also a public name of the package facade (mjsim.simulate is the function): rewritten only
# in import statements and when an attribute follows (mjsim.simulate.x), never as mjsim.simulate(...).
FACADE_NAMES = {"mjsim.simulate"}
SCRIPT = "tools/floor_plan.py"
REPORT_ONLY = ("results/",)  # files made by a command: reported, never rewritten


def module_of(path: str) -> str:
    """``mjsim/report/__init__.py`` -> ``mjsim.report``; ``mjsim/report/md.py`` -> ``mjsim.report.md``."""
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


RENAMES: dict[str, str] = {
    module_of(old): module_of(new) for old, new in MOVES.items() if module_of(old) != module_of(new)
}
PATHS: dict[str, str] = dict(MOVES)


def git(*args: str) -> str:
    """Run git in the current folder; its output."""
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def move_files(notes: list[str]) -> int:
    """``git mv`` every move not done yet; the number done."""
    done = 0
    for old, new in MOVES.items():
        old_p, new_p = Path(old), Path(new)
        if old_p.exists() and new_p.exists():
            notes.append(f"both {old} and {new} exist: merge them by hand (main changed the old file?)")
        elif old_p.exists():
            new_p.parent.mkdir(parents=True, exist_ok=True)
            git("mv", old, new)
            done += 1
        elif not new_p.exists():
            notes.append(f"neither {old} nor {new} exists")
    for path, text in PACKAGES.items():
        if not Path(path).exists():
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text, encoding="utf-8")
            git("add", path)
            done += 1
    return done


def _name_pattern() -> re.Pattern[str]:
    """Any old dotted module name, longest first, not inside a longer name."""
    names = sorted(RENAMES, key=len, reverse=True)
    return re.compile(r"(?<![\w.])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])")


def _path_pattern() -> re.Pattern[str]:
    """Any old module path (``mjsim/x.py``), longest first."""
    olds = sorted((o for o, n in PATHS.items() if o != n), key=len, reverse=True)
    return re.compile(r"(?<![\w.-])(" + "|".join(re.escape(o) for o in olds) + r")(?![\w])")


NAME_RE = _name_pattern()
PATH_RE = _path_pattern()


def rewrite_names(text: str) -> str:
    """Old dotted module names -> new ones (a facade name only where it is a module: see FACADE_NAMES)."""

    def replace(match: re.Match[str]) -> str:
        old = match.group(1)
        if old in FACADE_NAMES and not _module_use(text, match):
            return old
        return RENAMES[old]

    return NAME_RE.sub(replace, text)


def _module_use(text: str, match: re.Match[str]) -> bool:
    """Whether ``mjsim.simulate`` at ``match`` names the module: an attribute follows, or an import statement."""
    after = text[match.end() : match.end() + 2]
    if re.match(r"\.[A-Za-z_]", after):
        return True
    line_start = text.rfind("\n", 0, match.start()) + 1
    before = text[line_start : match.start()]
    return bool(re.fullmatch(r"\s*(import|from)\s+", before))


def rewrite_paths(text: str) -> str:
    """Old module paths -> new ones."""
    return PATH_RE.sub(lambda m: PATHS[m.group(1)], text)


def rewrite_from_imports(text: str) -> str:
    """``from P import x`` where ``P.x`` is a moved module -> ``from P' import x'`` (``as x`` when the leaf changed).

    Every name of a statement that is not a moved module stays in a statement of its own; the statement's
    trailing comment stays on its first line.
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module):
            continue
        if not node.module.startswith("mjsim"):
            continue
        moved = [a for a in node.names if f"{node.module}.{a.name}" in RENAMES]
        if not moved:
            continue
        edits.append((node, moved))
    for node, moved in sorted(edits, key=lambda e: e[0].lineno, reverse=True):
        first, last = node.lineno - 1, node.end_lineno - 1
        indent = lines[first][: node.col_offset]
        tail = lines[last][node.end_col_offset :]
        kept = [a for a in node.names if a not in moved]
        statements = []
        if kept:
            statements.append(f"from {node.module} import " + ", ".join(_alias(a.name, a.asname) for a in kept))
        for a in moved:
            new = RENAMES[f"{node.module}.{a.name}"]
            parent, leaf = new.rsplit(".", 1)
            local = a.asname or a.name
            statements.append(f"from {parent} import {_alias(leaf, None if local == leaf else local)}")
        new_lines = [indent + statements[0] + tail] + [indent + s + "\n" for s in statements[1:]]
        if len(new_lines) > 1 and not tail.endswith("\n"):
            new_lines[0] += "\n"
        lines[first : last + 1] = new_lines
    return "".join(lines)


def _alias(name: str, asname: str | None) -> str:
    return f"{name} as {asname}" if asname else name


def rewrite(path: str, text: str) -> str:
    """Every reference of one file, rewritten."""
    if path.endswith(".py"):
        text = rewrite_from_imports(text)
    return rewrite_paths(rewrite_names(text))


def tracked_text_files() -> list[str]:
    """Every file git tracks that reads as UTF-8 text, the script itself left out."""
    files = []
    for path in git("ls-files").splitlines():
        if path == SCRIPT or not Path(path).is_file():
            continue
        try:
            Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        files.append(path)
    return files


def rewrite_all(files: list[str]) -> list[str]:
    """Rewrite every file outside REPORT_ONLY; the files changed."""
    changed = []
    for path in files:
        if path.startswith(REPORT_ONLY):
            continue
        text = Path(path).read_text(encoding="utf-8")
        new = rewrite(path, text)
        if new != text:
            Path(path).write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def apply_fixups(notes: list[str]) -> list[str]:
    """The FIXUPS not applied yet; the files changed."""
    changed = []
    for path, old, new in FIXUPS:
        file = Path(path)
        text = file.read_text(encoding="utf-8") if file.exists() else ""
        if old in text:
            file.write_text(text.replace(old, new), encoding="utf-8")
            changed.append(path)
        elif new not in text:
            notes.append(f"{path}: fix-up not applicable (neither {old!r} nor its replacement is there)")
    return changed


def leftovers(files: list[str]) -> list[str]:
    """References the rewrite could not make: old names still there, globs of old names, under results/ too."""
    moved_away = {module_of(o) for o in MOVES} - {module_of(n) for n in MOVES.values()}
    old_name = re.compile(
        r"(?<![\w.])(" + "|".join(re.escape(n) for n in sorted(moved_away, key=len, reverse=True)) + r")(?![\w])"
    )
    old_path = re.compile(
        r"(?<![\w.-])(" + "|".join(re.escape(o) for o in MOVES if o not in MOVES.values()) + r")(?![\w])"
    )
    glob = re.compile(r"mjsim/(report|play|cli|balance|explain|observation|log|score)[\w]*\*[\w.*]*")
    from_import = re.compile(r"from mjsim(\.\w+)* import [^\n]*")
    found = []
    for path in files:
        for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            hits = [m.group(0) for m in old_path.finditer(line)] + [m.group(0) for m in glob.finditer(line)]
            hits += [m.group(1) for m in old_name.finditer(line) if not _facade_call(m, line)]
            for m in from_import.finditer(line):
                parent = m.group(0).split()[1]
                names = re.findall(r"\w+", m.group(0).split(" import ", 1)[1].split("#")[0])
                hits += [f"{parent}.{n}" for n in names if f"{parent}.{n}" in RENAMES]
            if hits:
                where = "not rewritten (results/)" if path.startswith(REPORT_ONLY) else "left"
                found.append(f"{path}:{number}: {where}: {', '.join(dict.fromkeys(hits))}")
    return found


def _facade_call(match: re.Match[str], line: str) -> bool:
    """``mjsim.simulate`` used as the facade's function, not the module."""
    if match.group(1) not in FACADE_NAMES:
        return False
    return not _module_use(line, match)


def shadowed(notes: list[str]) -> None:
    """A package __init__ global named like one of its submodules: importing the submodule would rebind it."""
    for init in sorted(Path("mjsim").rglob("__init__.py")):
        package = init.parent
        subs = {p.stem for p in package.glob("*.py") if p.name != "__init__.py"} | {
            p.name for p in package.iterdir() if (p / "__init__.py").exists()
        }
        tree = ast.parse(init.read_text(encoding="utf-8"))
        bound = set()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                bound.add(node.name)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                for a in node.names:
                    local = a.asname or a.name.split(".")[0]
                    is_own = isinstance(node, ast.ImportFrom) and node.module == module_of(str(init)) and not a.asname
                    if not is_own:
                        bound.add(local)
            else:
                bound |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        for name in sorted(bound & subs):
            notes.append(f"{init}: the global {name!r} is shadowed by (or shadows) the submodule {name}")


def moved_file_uses(notes: list[str]) -> None:
    """``__file__`` in a moved module whose folder depth changed (FIXUPS holds the ones handled)."""
    handled = {path for path, _old, _new in FIXUPS}
    for old, new in MOVES.items():
        file = Path(new)
        if file.exists() and len(Path(old).parts) != len(Path(new).parts) and str(file) not in handled:
            if "__file__" in file.read_text(encoding="utf-8"):
                notes.append(f"{new}: uses __file__ and moved from {old}: check its paths")


def tidy(changed: list[str], notes: list[str]) -> None:
    """Sort the imports and format the Python files the rewrite changed (ruff, as the project's lint does)."""
    python = [p for p in dict.fromkeys(changed) if p.endswith(".py")]
    if not python:
        return
    # Sort imports and format; then E501, which a longer name in a docstring or comment can cause (wrap by hand).
    for command in (
        ["check", "--fix", "--select", "I", "--quiet"],
        ["format", "--quiet"],
        ["check", "--select", "E501", "--output-format", "concise"],
    ):
        done = subprocess.run([sys.executable, "-m", "ruff", *command, *python], capture_output=True, text=True)
        if done.returncode != 0:
            said = (done.stdout + done.stderr).strip()
            notes.append(f"ruff {' '.join(command)} on the rewritten files:\n{said}")


def top_level() -> list[str]:
    """The modules left at the top of mjsim/."""
    return sorted(p.name for p in Path("mjsim").glob("*.py"))


def main(argv: list[str] | None = None) -> int:
    """Move, rewrite, fix up, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="only report what is left (change nothing)")
    args = parser.parse_args(argv)
    if not Path("mjsim/__init__.py").is_file():
        print("run from the repository's root", file=sys.stderr)
        return 2
    notes: list[str] = []
    if not args.report:
        moved = move_files(notes)
        files = tracked_text_files()
        changed = rewrite_all(files) + apply_fixups(notes)
        tidy(changed, notes)
        print(f"floor plan: {moved} files moved or created, {len(set(changed))} files rewritten")
    files = tracked_text_files()
    shadowed(notes)
    moved_file_uses(notes)
    notes += leftovers(files)
    top = top_level()
    print(f"top of mjsim/: {len(top)} modules ({', '.join(top)})")
    for note in notes:
        print(f"  {note}")
    print(f"{len(notes)} references or notes to handle by hand" if notes else "nothing left to rewrite")
    return 1 if notes else 0


if __name__ == "__main__":
    sys.exit(main())

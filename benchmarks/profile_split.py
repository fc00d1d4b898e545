"""Where a game's time goes: a cProfile of whole games, its self time grouped into the categories of issue 22.

Each function's own time (``tottime``) counts for its module's category.  cProfile sees a built-in or
compiled function as a C call (file ``~``): one of a compiled mjsim module (``<built-in method
mjsim.hand.shanten.improving_kinds>``) counts for that module's category, with everything it does inside
compiled code; any other (``len``, ``list.append``) counts for the category of each caller, as much as that
caller spent in it.  The pure build (``MJSIM_PURE_PYTHON=1``) shows every Python function.
"""

from __future__ import annotations

import cProfile
import pstats
import re
from collections.abc import Callable
from typing import Any

SCORING_MODULES = ("yaku", "fu", "scorer", "limits", "payments", "detail", "local_yaku", "settlement")
# (category, path fragments of its modules), first match wins; paths use "/" (pstats keeps the file names)
CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # The discard kernel is the shanten and improving-tile work of a discard choice, done in one pass.
    (
        "shanten/improving_kinds",
        ("mjsim/hand/shanten", "mjsim/hand/discard_kernel", "mjsim/hand/tables", "mjsim/hand/decompose"),
    ),
    ("bot code", ("mjsim/agents/", "variants/riichi/human/", "benchmarks/policies")),
    ("offers", ("mjsim/engine/offers", "mjsim/engine/wins")),
    ("observe()", ("mjsim/observation",)),
    ("pluggy dispatch", ("pluggy/",)),
    ("scoring", ("mjsim/scoring", *(f"variants/riichi/{m}" for m in SCORING_MODULES))),
    ("riichi flow", ("variants/",)),
    ("engine core", ("mjsim/engine/", "mjsim/hooks", "mjsim/runner/", "mjsim/hand/tiles", "mjsim/rules")),
    ("records and facts", ("mjsim/",)),
)
OTHER = "other (stdlib)"
COMPILED_CALL = re.compile(r"(?:built-in method |of ')((?:mjsim|variants)\.[\w.]+)")  # a compiled module's function


def category(filename: str) -> str:
    """The category of a function defined in ``filename``."""
    path = filename.replace("\\", "/")
    for name, fragments in CATEGORIES:
        if any(fragment in path for fragment in fragments):
            return name
    return OTHER


def profile_split(play: Callable[[], int]) -> dict[str, Any]:
    """Profile ``play()`` (it returns the hands it played): seconds and shares per category, calls per hand."""
    profiler = cProfile.Profile()
    hands = profiler.runcall(play)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    seconds = dict.fromkeys([name for name, _ in CATEGORIES] + [OTHER], 0.0)
    python_calls = c_calls = 0
    for (filename, _line, name), (_cc, calls, own, _cum, callers) in stats.items():
        if filename != "~":
            seconds[category(filename)] += own
            python_calls += calls
            continue
        c_calls += calls
        compiled = COMPILED_CALL.search(name)
        if compiled:
            seconds[category(compiled.group(1).replace(".", "/"))] += own
            continue
        for (caller_file, _l, _n), edge in callers.items():  # a C call's time, split by who called it
            seconds[category(caller_file) if caller_file != "~" else OTHER] += edge[2]
    total = sum(seconds.values()) or 1.0
    return {
        "hands": hands,
        "seconds": round(total, 3),
        "share": {name: round(value / total, 3) for name, value in seconds.items()},
        "python_calls_per_hand": round(python_calls / max(hands, 1)),
        "c_calls_per_hand": round(c_calls / max(hands, 1)),
    }

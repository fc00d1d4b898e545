"""A run's fingerprint: everything its games depend on, kept part by part so that a mismatch can be named.

The parts are the code (a digest of every mjsim and variants source), mjsim's
and each variant's version, the variants in order, every compiled option
value, the agents, the root seed and the seat rotation.  An experiment's runs
add the number of games its file asks for (``with_games``): ``--resume``
finishes that design and ``--until-ci`` adds batches of it, but a file that
asks for another number is another design (under rotation it even changes
which seeds are played), so resuming it is refused like any other change.
Agents have no profile or options of their own: a bot reads the rule set's
options, which are parts already.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from mjsim.native import source_digests
from mjsim.rules.plugins import load_variant
from mjsim.version import __version__

CODE = "code"


@cache
def code_digest() -> str:
    """A digest of the mjsim and variants sources as this process found them (they do not change under it)."""
    return hashlib.sha256(json.dumps(source_digests(()), sort_keys=True).encode()).hexdigest()[:16]


def variant_version(name: str) -> str:
    """A variant's version: its module's ``__version__``, else mjsim's own."""
    return str(getattr(load_variant(name), "__version__", __version__))


def fingerprint_parts(rules: Any, agents: Sequence[str], root_seed: int, rotate: bool) -> dict[str, str]:
    """The parts of the fingerprint of games played under compiled ``rules`` (option keys name their parts)."""
    variants = rules.ruleset.variants
    parts = {CODE: code_digest(), "mjsim": __version__, "variants": ",".join(variants)}
    parts.update({f"version of {v}": variant_version(v) for v in variants})
    parts.update({key: _text(value) for key, value in sorted(rules.values.items())})
    parts.update(agents=",".join(agents), root_seed=str(root_seed), rotate=_text(rotate))
    return parts


def with_games(parts: Mapping[str, str], games: int) -> dict[str, str]:
    """The parts of a run of an experiment that asks for ``games`` games (its batch under ``--until-ci``)."""
    return {**parts, "games": str(games)}


def fingerprint_of(parts: Mapping[str, str]) -> str:
    """The short hash of a fingerprint's parts."""
    return hashlib.sha256(json.dumps(dict(parts), sort_keys=True).encode()).hexdigest()[:16]


def difference(stored: Mapping[str, str] | None, current: Mapping[str, str]) -> str:
    """How the stored parts differ from this run's, as 'was made with ...' would end (first difference first)."""
    if stored is None:
        return "an older mjsim that kept no fingerprint parts"
    keys = sorted(set(stored) | set(current), key=_order(current))
    changed = [key for key in keys if stored.get(key) != current.get(key)]
    if not changed:
        return "the same parts under another fingerprint"
    key = changed[0]
    old, new = stored.get(key, "(none)"), current.get(key, "(none)")
    text = f"other mjsim code (digest {old} vs {new})" if key == CODE else f"{key}={old}, this run has {new}"
    more = len(changed) - 1
    return text + (f" (and {more} more difference{'s' if more > 1 else ''})" if more else "")


def _order(current: Mapping[str, str]):
    """Sort key: the current run's part order (code, mjsim, variants, versions, options...), then the rest."""
    position = {key: n for n, key in enumerate(current)}
    return lambda key: (position.get(key, len(position)), key)


def _text(value: Any) -> str:
    """An option value as text: sets sorted and comma-joined, lists comma-joined, booleans in lower case."""
    if isinstance(value, frozenset | set):
        return ",".join(sorted(map(str, value))) or "none"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)

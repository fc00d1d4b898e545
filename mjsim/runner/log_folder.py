"""A ``--log-out`` folder holds the logs of one run only, so that ``replay DIR`` never mixes in stale games.

The first run writes ``mjsim-logs.run`` (what it plays: variants, versions,
options, agents, seed, games; a name no log reader picks up) beside its logs.
A later run may write there again only when it plays the same games (its files
then replace the old ones one for one); a folder of other files, or of another
run's logs, is refused.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.runner.fingerprint import CODE, fingerprint_parts

MARKER = "mjsim-logs.run"


def log_identity(rules: Any, games: int, root_seed: int, agents: Sequence[str]) -> dict[str, str]:
    """What the logs of a run depend on (the code digest left out: rewriting the same games after an edit is fine)."""
    parts = fingerprint_parts(rules, agents, root_seed, False)
    parts.pop(CODE)
    return {**parts, "games": str(games)}


def claim_log_folder(folder: Path, identity: dict[str, str]) -> None:
    """Make ``folder`` this run's log folder, or refuse one that holds anything else."""
    marker = folder / MARKER
    try:
        held = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        if held and _stored_identity(marker) != identity:
            first = next((n for n in held if n != MARKER), held[0])
            what = "another run's logs" if marker.is_file() else f"{len(held)} other file(s), e.g. {first}"
            raise MjsimError(
                f"--log-out {folder}: the folder holds {what}, which replay would mix in; "
                "choose an empty folder or remove them"
            )
        folder.mkdir(parents=True, exist_ok=True)
        marker.write_text(json.dumps(identity, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as exc:
        raise MjsimError(f"--log-out {folder}: cannot write there ({exc.strerror or exc})") from None


def _stored_identity(marker: Path) -> dict[str, str] | None:
    """The identity a folder's marker records (None: no marker, or not one of ours)."""
    try:
        return json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None

"""Write every preset's compiled option values and variants to preset_values.json (the test compares with it).

Run from the repository root: ``python tests/variants/data/snapshot_presets.py``. Rerun it only when a preset's
effective values are meant to change.
"""

from __future__ import annotations

import json
from pathlib import Path

from mjsim.rules import RuleSet, preset_names


def snapshot() -> dict[str, dict]:
    """Preset name -> {"variants": [...], "values": {key: value}} (sets as sorted lists)."""
    out = {}
    for name in preset_names():
        rules = RuleSet.resolve(name).compile()
        values = {k: sorted(v) if isinstance(v, frozenset) else v for k, v in sorted(rules.values.items())}
        out[name] = {"variants": list(rules.ruleset.variants), "values": values}
    return out


if __name__ == "__main__":
    target = Path(__file__).with_name("preset_values.json")
    target.write_text(json.dumps(snapshot(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {target}")

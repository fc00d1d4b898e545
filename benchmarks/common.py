"""What every benchmark reports beside its figures: the machine it ran on, and its table lines."""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence


def machine_info(used: int = 1) -> str:
    """Operating system, architecture, CPU model, core count and the cores the benchmark uses, on one line."""
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{platform.platform()}; {cpu or platform.machine()}; {os.cpu_count()} CPUs ({used} used)"


def table_row(cells: Sequence[str], widths: Sequence[int]) -> str:
    """One table line: the first column left-aligned, the numbers right-aligned."""
    padded = [cells[0].ljust(widths[0])]
    padded += [c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
    return "  ".join(padded)

"""``python -m benchmarks hand|game|runner ...``: the benchmarks without the ``mjsim`` command."""

import sys

from benchmarks.cli import bench
from mjsim.errors import MjsimError

if __name__ == "__main__":
    try:
        bench(prog_name="python -m benchmarks")
    except MjsimError as exc:  # a user error: one line and exit status 2, as under `mjsim bench`
        print(f"python -m benchmarks: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None

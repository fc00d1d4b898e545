"""Monte Carlo runs: seeding, shards, backends (serial, multiprocessing, Ray) and progress."""

from mjsim.runner.backends import BACKENDS, execute
from mjsim.runner.seeding import game_seed
from mjsim.runner.spec import RunSpec

__all__ = ["BACKENDS", "RunSpec", "execute", "game_seed"]

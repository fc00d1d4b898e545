"""Where shards run: in this process, in local worker processes, or on a Ray cluster.

Every backend yields (shard indices, records) as shards finish, in any order;
the caller stores each shard at once, so a crash loses only unfinished shards.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mjsim.errors import MjsimError
from mjsim.runner.spec import RunSpec
from mjsim.runner.worker import play_shard, tie_to_parent

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

BACKENDS = ("serial", "multiprocessing", "ray")
Shard = list[int]
log = logging.getLogger("mjsim.runner")


def execute(
    spec: RunSpec,
    shards: list[Shard],
    backend: str = "multiprocessing",
    workers: int | None = None,
    address: str | None = None,
) -> Iterator[tuple[Shard, list[dict[str, Any]]]]:
    """Run the shards on the chosen backend, yielding each as it finishes.

    Local backends never start more workers than there are shards to play, nor more than ``max_workers()``."""
    if backend not in BACKENDS:
        raise MjsimError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if workers is not None:
        check_workers(workers)
    spec.check()
    if not shards:
        return iter(())
    count = min(workers or os.cpu_count() or 1, len(shards))
    if backend == "serial" or (backend == "multiprocessing" and count == 1):
        return ((shard, play_shard(spec, shard)) for shard in shards)
    if backend == "multiprocessing":
        return _processes(spec, shards, count)
    return _ray(spec, shards, count if workers else None, address)


def max_workers() -> int:
    """The most worker processes one run may ask for: four per core, at most 256.

    More only costs memory (each worker about 35 MB of its own, beside what it shares with the parent) and
    switching; a number above it is a typo more often than a plan, so it is refused rather than quietly lowered.
    """
    return min(4 * (os.cpu_count() or 1), 256)


def check_workers(workers: int) -> int:
    """``workers`` when it is a usable worker count, else a one-line error naming the limits."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise MjsimError(f"--workers must be a whole number of at least 1, got {workers!r}")
    if workers > max_workers():
        raise MjsimError(
            f"--workers {workers} is above the cap of {max_workers()} (4 per core, at most 256) on this machine"
        )
    return workers


def _processes(spec: RunSpec, shards: list[Shard], workers: int) -> Iterator[tuple[Shard, list[dict[str, Any]]]]:
    """Local worker processes; their log records reach this process through multiprocessing-logging.

    The workers die with this process (``tie_to_parent``); when this process stops early (Ctrl-C,
    SIGTERM, an error, a consumer that stops reading) they are terminated at once, not waited for.
    """
    # why imported here: a run in this process never needs them, and they are 20 ms of every start-up
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    # fork: workers start with the lookup tables already loaded and the log forwarding installed.
    context = multiprocessing.get_context("fork")
    with _forward_worker_logs():
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=tie_to_parent, initargs=(os.getpid(),)
        )
        finished = False
        try:
            futures = {pool.submit(play_shard, spec, shard): shard for shard in shards}
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in done:
                    shard = futures.pop(future)
                    yield shard, future.result()
            finished = True
        except BrokenProcessPool:
            raise MjsimError("a worker process died; finished shards are kept: run again with --resume") from None
        finally:
            if not finished:
                _terminate(pool)
            pool.shutdown(wait=finished, cancel_futures=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop every worker of ``pool`` now (a shard half played is lost; finished ones are stored already)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # the executor has no public handle
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


class _Lent(logging.Handler):
    """Passes records to a handler this run borrowed; closing it leaves the borrowed handler open."""

    def __init__(self, target: logging.Handler):
        super().__init__(target.level)
        self.target = target

    def emit(self, record: logging.LogRecord) -> None:
        """Hand the record to the borrowed handler."""
        self.target.handle(record)


@contextlib.contextmanager
def _forward_worker_logs() -> Iterator[None]:
    """While the workers run, the root logger's handlers also receive their records (multiprocessing-logging).

    Each handler is wrapped for the run and given back after it, so a long-lived process (a notebook, a test
    session) that runs many times keeps exactly its own handlers, none wrapped twice.
    """
    from multiprocessing_logging import MultiProcessingHandler

    root = logging.getLogger()
    lent = list(root.handlers)
    wrappers = [MultiProcessingHandler(f"mjsim-log-{i}", sub_handler=_Lent(h)) for i, h in enumerate(lent)]
    for handler, wrapper in zip(lent, wrappers, strict=True):
        root.removeHandler(handler)
        root.addHandler(wrapper)
    try:
        yield
    finally:
        for handler, wrapper in zip(lent, wrappers, strict=True):
            root.removeHandler(wrapper)
            root.addHandler(handler)
            wrapper.close()  # waits until the records already sent are handled


def _ray(spec: RunSpec, shards: list[Shard], workers: int | None, address: str | None):
    """Shards as Ray tasks: a local Ray instance without an address, a cluster with one."""
    ray = _import_ray()
    _ray_init(ray, workers, address)
    remote = ray.remote(num_cpus=1)(play_shard)
    pending = {remote.remote(spec, shard): shard for shard in shards}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            yield pending.pop(ref), ray.get(ref)


def _check_reachable(address: str) -> None:
    """Fail fast on a host:port nobody listens on (Ray itself retries for minutes)."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto" and other forms are Ray's to interpret
    try:
        with socket.create_connection((host, int(port)), timeout=3):
            return
    except OSError as exc:
        raise MjsimError(f"cannot start or reach Ray at {address}: {exc.strerror or exc}") from None


def _import_ray():
    try:
        import ray
    except ImportError:
        raise MjsimError("the ray backend needs Ray: pip install 'mjsim[ray]'") from None
    return ray


def _ray_init(ray, workers: int | None, address: str | None) -> None:
    """Connect to ``address`` or start a local instance, with a clear error when it cannot."""
    if ray.is_initialized():
        if not address:
            return
        ray.shutdown()  # a named cluster replaces whatever this process was connected to
    if address:
        _check_reachable(address)
    try:
        if address:
            ray.init(address=address, log_to_driver=True, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=workers, log_to_driver=True, logging_level=logging.WARNING, include_dashboard=False)
    except Exception as exc:  # Ray raises several types (ConnectionError, RuntimeError, ...)
        where = f"Ray at {address}" if address else "a local Ray instance"
        raise MjsimError(f"cannot start or reach {where}: {exc}".splitlines()[0]) from None

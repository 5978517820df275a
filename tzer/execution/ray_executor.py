"""Workers on a Ray cluster, behind the same submit/poll API as the local Executor.

Each worker is a Ray actor that holds one local Executor (one worker process that imports TVM
once, with its own time and memory limits) and its own coverage backend on its node; the block
cache of the breakpoint backend is shipped to it through Ray's object store, not rediscovered.
An actor returns the blocks its test hit; the driver owns the global coverage map, the pool and
the output folder, merges the hits and stays the only writer. An actor or node that dies under
a test is replaced, and the test comes back as `lost` (counted, never judged).

A cluster may mix CPU and GPU nodes: as many actors as the cluster has GPUs (up to `jobs`) ask Ray
for one GPU each, so they live on GPU nodes, where the GPU runner finds the device. A test for a
GPU target goes to an idle GPU actor when there is one, any other test to a CPU actor first.
"""

from __future__ import annotations

import os
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from tzer import targets
from tzer.environment import silenced
from tzer.execution.executor import Executor, run_to_end
from tzer.vocabulary import ExecResult, Outcome, Status

NAMESPACE = "tzer"
CONNECT_SECONDS = 5.0


class ClusterUnreachable(RuntimeError):
    """Nothing answers at the Ray address; the message is one line."""


def check_reachable(address: str) -> None:
    """Fail fast where no Ray cluster listens at HOST:PORT: Ray itself retries for minutes."""
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ClusterUnreachable(f"malformed Ray address {address!r}: expected HOST:PORT, 'local' or 'auto'")
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as error:
        raise ClusterUnreachable(f"no Ray cluster answers at {address}: {error.strerror or error}") from None


class RemoteWorker:
    """The actor: one local worker process on its node, run one test at a time."""

    def __init__(self, coverage: str, cache: dict[str, bytes] | None, tvm_library_path: str | None, timeout: float,
                 rss_limit_mb: int) -> None:
        import memcov
        from memcov import blocks

        if cache is not None:
            blocks.install_cache(cache)
        self.backend = memcov.open_backend(coverage, progress=False, tvm_library_path=tvm_library_path)
        self.logs = tempfile.mkdtemp(prefix="tzer-actor-")
        env = {"TVM_LIBRARY_PATH": tvm_library_path} if tvm_library_path else {}
        self.executor = Executor(self.backend, timeout=timeout, rss_limit_mb=rss_limit_mb,
                                 log_path=Path(self.logs) / "worker.log", env=env)

    def run(self, request: dict[str, Any], script: str | None, merge: bool, adopt: str | None) -> ExecResult:
        if adopt is not None:
            self.executor.adopt_last_mutant(0, adopt)
        return self.executor.run(request, script, merge)

    def restart(self) -> None:
        self.executor.kill()

    def where(self) -> tuple[str, int, int]:
        """Its node, its process and how many GPUs Ray gave it."""
        import ray

        return ray.get_runtime_context().get_node_id(), os.getpid(), len(ray.get_gpu_ids())


class RayExecutor:
    """Executor-compatible driver side: `jobs` actors, spread over the cluster's nodes."""

    def __init__(self, backend: Any, *, address: str, jobs: int, timeout: float, rss_limit_mb: int,
                 coverage: str, tvm_library_path: str | None = None) -> None:
        import logging

        import ray

        self.ray = ray
        if not ray.is_initialized():
            check_reachable(address)
            if address == "local":
                ray.init(num_cpus=jobs, namespace=NAMESPACE, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.ERROR)
            else:
                try:
                    # Something answers there; Ray's client prints a warning per retry while it
                    # finds out whether it is a cluster.
                    with silenced():
                        ray.init(address=address, namespace=NAMESPACE, log_to_driver=False,
                                 logging_level=logging.ERROR)
                except (ConnectionError, RuntimeError) as error:
                    raise ClusterUnreachable(f"no Ray cluster answers at {address}: "
                                             f"{str(error).strip().splitlines()[0]}") from None
        self.backend = backend
        self.timeout = timeout
        cache = backend.portable_cache()
        self.options = (coverage, ray.put(cache) if cache is not None else None, tvm_library_path, timeout,
                        rss_limit_mb)
        gpus = min(jobs, int(ray.cluster_resources().get("GPU", 0)))
        self.actor_classes = {False: ray.remote(num_cpus=1, max_restarts=0)(RemoteWorker),
                              True: ray.remote(num_cpus=1, num_gpus=1, max_restarts=0)(RemoteWorker)}
        self.on_gpu = [index < gpus for index in range(jobs)]
        self.actors = [self._spawn(index) for index in range(jobs)]
        self.in_flight: dict[Any, tuple[int, dict[str, Any], bool]] = {}
        self.adopt: dict[int, str] = {}
        self.replaced = 0
        self.places = [self.ray.get(actor.where.remote()) for actor in self.actors]

    def _spawn(self, index: int) -> Any:
        return self.actor_classes[self.on_gpu[index]].remote(*self.options)

    # -- the Executor API ---------------------------------------------------------------------
    @property
    def starts(self) -> int:
        return len(self.actors) + self.replaced

    @property
    def restarts(self) -> int:
        return self.replaced

    def nodes(self) -> int:
        return len({node for node, _, _ in self.places})

    def pids(self) -> list[int]:
        """Each actor's process id on its node."""
        return [pid for _, pid, _ in self.places]

    def gpu_workers(self) -> int:
        return sum(self.on_gpu)

    def idle(self) -> list[int]:
        busy = {index for index, _, _ in self.in_flight.values()}
        return [index for index in range(len(self.actors)) if index not in busy]

    def route(self, request: dict[str, Any], preferred: int | None = None) -> int:
        """An idle actor for the request: on a GPU node for a GPU target's test, elsewhere first
        otherwise; the `preferred` one where it is of the right kind."""
        info = targets.BY_NAME.get(request.get("target") or targets.HOST)
        wants_gpu = info is not None and info.gpu
        idle = self.idle()
        if preferred in idle and self.on_gpu[preferred] == wants_gpu:
            return preferred
        return next((index for index in idle if self.on_gpu[index] == wants_gpu), idle[0])

    def submit(self, request: dict[str, Any], seed_script: str | None, merge: bool = True,
               worker: int | None = None) -> int:
        index = self.route(request, worker)
        # Actors cache parsed seeds by key like local workers, but a replaced actor knows none:
        # the script always travels (a few KB).
        ref = self.actors[index].run.remote(request, seed_script, merge, self.adopt.pop(index, None))
        self.in_flight[ref] = (index, request, merge)
        return index

    def poll(self, timeout: float | None = None) -> list[ExecResult]:
        if not self.in_flight:
            return []
        # Return as soon as one test ends (waiting for all would idle the faster workers), with
        # whatever else has ended by then.
        refs = list(self.in_flight)
        ready, waiting = self.ray.wait(refs, num_returns=1, timeout=timeout)
        if ready and waiting:
            ready += self.ray.wait(waiting, num_returns=len(waiting), timeout=0)[0]
        return [self._finish(ref) for ref in ready]

    def _finish(self, ref: Any) -> ExecResult:
        index, _, merge = self.in_flight.pop(ref)
        try:
            result = self.ray.get(ref)
        except (self.ray.exceptions.RayActorError, self.ray.exceptions.WorkerCrashedError,
                self.ray.exceptions.NodeDiedError) as error:
            self._replace(index)
            message = f"worker {index}'s actor died: {type(error).__name__}"
            return ExecResult(status=Status.LOST, outcome=Outcome(status=Status.LOST, message=message), worker=index)
        result.worker = index
        # Which hits are new is the driver's to say: the actor only knows its own node's map.
        result.new_indices = self.backend.global_map.uncovered(result.hits)
        result.new_coverage = self.backend.global_map.add(result.hits) if merge else 0
        return result

    def _replace(self, index: int) -> None:
        self.replaced += 1
        self.adopt.pop(index, None)
        try:
            self.ray.kill(self.actors[index])
        except Exception:  # noqa: BLE001 - it is dead already
            pass
        self.actors[index] = self._spawn(index)
        self.places[index] = self.ray.get(self.actors[index].where.remote())

    def run(self, request: dict[str, Any], seed_script: str | None, merge: bool = True) -> ExecResult:
        return run_to_end(self, request, seed_script, merge)

    def adopt_last_mutant(self, worker: int, key: str) -> None:
        self.adopt[worker] = key

    def kill(self) -> None:
        self.ray.get([actor.restart.remote() for actor in self.actors])
        self.in_flight.clear()

    def close(self) -> None:
        for actor in self.actors:
            try:
                self.ray.kill(actor)
            except Exception:  # noqa: BLE001
                pass
        deadline = time.monotonic() + 5
        while self.ray.is_initialized() and time.monotonic() < deadline:
            self.ray.shutdown()

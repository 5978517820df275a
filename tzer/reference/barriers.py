"""Barriers (`T.tvm_storage_sync("shared")`) inside a thread-bound loop: its threads run in lockstep.

Every other parallel loop runs its iterations one after another while a RaceTracker looks for
conflicting accesses. A loop whose body reaches a barrier (not one inside a nested parallel loop)
instead runs each thread as a generator that stops at every barrier: all threads run up to the
barrier, the tracker forgets what they accessed (accesses on either side of a barrier never
conflict), and all go on. Threads that do not all reach the same barrier (one finished while
another waits) is barrier divergence, undefined on every GPU.

What is not modelled is Unsupported, never a guess: a barrier of another scope (a warp, all of
global memory), inside a While or a nested parallel loop of the same thread body, or a thread
body that breaks out of its loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import tvm
from tvm import tirx

from tzer.reference.errors import UBKind, UndefinedBehaviour, Unsupported
from tzer.reference.expressions import Env, LoopBreak, LoopContinue
from tzer.reference.memory import RaceTracker

SYNC = "tirx.tvm_storage_sync"
BLOCK_SCOPES = ("shared", "shared.dyn")
PARALLEL_KINDS = (int(tirx.ForKind.PARALLEL), int(tirx.ForKind.VECTORIZED), int(tirx.ForKind.THREAD_BINDING))
THREAD_ATTRS = ("virtual_thread", "thread_extent")

PhasedFn = Callable[[Env], Iterator[None]]


def is_barrier(stmt: Any) -> bool:
    return (isinstance(stmt, tirx.Evaluate) and isinstance(stmt.value, tvm.ir.Call)
            and getattr(stmt.value.op, "name", None) == SYNC)


def is_parallel(stmt: Any) -> bool:
    if isinstance(stmt, tirx.For):
        return int(stmt.kind) in PARALLEL_KINDS
    return isinstance(stmt, tirx.AttrStmt) and stmt.attr_key in THREAD_ATTRS and isinstance(stmt.node, tirx.IterVar)


def reaches_barrier(stmt: Any) -> bool:
    """Whether `stmt` executes a barrier other than inside a parallel loop of its own."""
    if is_barrier(stmt):
        return True
    if is_parallel(stmt):
        return False
    return any(reaches_barrier(child) for child in _children(stmt))


def _children(stmt: Any) -> list[Any]:
    if isinstance(stmt, tirx.SeqStmt):
        return list(stmt.seq)
    if isinstance(stmt, tirx.IfThenElse):
        return [stmt.then_case] + ([stmt.else_case] if stmt.else_case is not None else [])
    body = getattr(stmt, "body", None)
    return [body] if isinstance(body, tirx.Stmt) else []


class BarrierCompiler:
    """The part of the interpreter that compiles a thread body into per-thread generators; mixed
    into Interpreter, whose `stmt`, `expr`, `define` and `charge` it uses."""

    stmt: Callable[[Any], Callable[[Env], None]]
    expr: Callable[[Any], Callable[[Env], Any]]
    define: Callable[[Any], int]
    charge: Callable[[int], None]
    trackers: list[RaceTracker]

    def lockstep(self, slot: int, body: Any, name: str) -> Callable[[Env, range], None]:
        """Run the threads of a loop whose body reaches a barrier, all of them up to each barrier
        before any goes past it."""
        phased, trackers = self.phased(body), self.trackers

        def run(env: Env, values: range) -> None:
            tracker = RaceTracker(name)
            trackers.append(tracker)
            try:
                threads = []
                for value in values:
                    local = env.copy()
                    local[slot] = value
                    threads.append((value, phased(local)))
                while threads:
                    waiting = []
                    for value, thread in threads:
                        tracker.iteration = value
                        try:
                            next(thread)
                        except StopIteration:
                            continue
                        waiting.append((value, thread))
                    if waiting and len(waiting) != len(threads):
                        raise UndefinedBehaviour(UBKind.barrier_divergence,
                                                 f"some threads of {name} wait at a barrier that others never reach")
                    tracker.records.clear()
                    threads = waiting
            finally:
                trackers.pop()

        return run

    def phased(self, s: Any) -> PhasedFn:
        """`s` as a generator that yields at each barrier it reaches."""
        if not reaches_barrier(s):
            plain = self.stmt(s)

            def straight(env: Env) -> Iterator[None]:
                plain(env)
                yield from ()

            return straight
        if is_barrier(s):
            scope = s.value.args[0].value if s.value.args and isinstance(s.value.args[0], tvm.ir.StringImm) else ""
            if scope not in BLOCK_SCOPES:
                raise Unsupported(SYNC, f"a barrier over {scope or 'an unknown scope'}")

            def barrier(env: Env) -> Iterator[None]:
                yield

            return barrier
        if isinstance(s, tirx.SeqStmt):
            parts = [self.phased(child) for child in s.seq]

            def seq(env: Env) -> Iterator[None]:
                for part in parts:
                    yield from part(env)

            return seq
        if isinstance(s, tirx.IfThenElse):
            cond, then = self.expr(s.condition), self.phased(s.then_case)
            other = self.phased(s.else_case) if s.else_case is not None else None

            def branch(env: Env) -> Iterator[None]:
                if cond(env):
                    yield from then(env)
                elif other is not None:
                    yield from other(env)

            return branch
        if isinstance(s, tirx.For) and s.step is None:
            return self._serial_loop(s)
        if isinstance(s, tirx.AttrStmt):
            return self.phased(s.body)
        raise Unsupported(SYNC, f"a barrier inside {type(s).__name__}")

    def _serial_loop(self, s: tirx.For) -> PhasedFn:
        lo, extent, slot = self.expr(s.min), self.expr(s.extent), self.define(s.loop_var)
        body, charge = self.phased(s.body), self.charge

        def loop(env: Env) -> Iterator[None]:
            start = lo(env)
            values = range(start, start + extent(env))
            charge(len(values))
            for value in values:
                env[slot] = value
                try:
                    yield from body(env)
                except (LoopBreak, LoopContinue) as jump:
                    raise Unsupported(SYNC, "a break or continue in a loop with a barrier") from jump

        return loop

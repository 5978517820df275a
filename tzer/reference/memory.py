"""Buffers: flat storage with per-element initialisation, views over it, and race tracking."""

from __future__ import annotations

import itertools

import numpy as np

from tzer.reference.errors import UBKind, UndefinedBehaviour

_IDS = itertools.count()


class Storage:
    """One allocation (or one argument array), flat. `init` is None when every element is set."""

    __slots__ = ("data", "init", "name", "ident")

    def __init__(self, data: np.ndarray, name: str, initialised: bool) -> None:
        self.data = data
        self.init: bytearray | None = None if initialised else bytearray(data.size)
        self.name = name
        self.ident = next(_IDS)


class View:
    """A buffer bound to storage: elements [offset, offset + limit) of it, in the buffer's dtype."""

    __slots__ = ("storage", "offset", "limit", "name")

    def __init__(self, storage: Storage, offset: int, extent: int, name: str) -> None:
        self.storage = storage
        self.offset = offset
        # A view reaching past its storage is only out of bounds where it is accessed.
        self.limit = max(0, min(extent, storage.data.size - offset))
        self.name = name


class RaceTracker:
    """Conflicting accesses (one a write) to one element from two iterations of one parallel loop.

    Per element it keeps the writing iteration, the first reading iteration and whether several
    iterations read it: enough to tell, at each access, whether another iteration conflicts.
    A storage in `private` has one copy per iteration once lowered (see `private_buffers` in
    tzer.reference.interpreter): iterations may write the same element, and an iteration may read
    only what it wrote itself.
    """

    __slots__ = ("loop", "iteration", "records", "private")

    def __init__(self, loop: str, private: frozenset[int] = frozenset()) -> None:
        self.loop = loop
        self.iteration = 0
        self.records: dict[tuple[int, int], list] = {}
        self.private = private

    def access(self, storage: Storage, index: int, write: bool) -> None:
        it = self.iteration
        key = (storage.ident, index)
        record = self.records.get(key)
        if storage.ident in self.private:
            if write:
                self.records[key] = [it, None, False]
            elif record is not None and record[0] != it:
                raise UndefinedBehaviour(
                    UBKind.race,
                    f"read of {storage.name}[{index}] in iteration {it} of {self.loop}, which only iteration "
                    f"{record[0]} wrote: each iteration has its own {storage.name} once its allocation is planned "
                    f"inside the loop")
            return
        if record is None:
            self.records[key] = [it, None, False] if write else [None, it, False]
            return
        writer, reader, many_readers = record
        if write:
            if (writer is not None and writer != it) or many_readers or (reader is not None and reader != it):
                other = writer if writer is not None and writer != it else reader
                self._race(storage, index, "write", it, other)
            record[0] = it
        else:
            if writer is not None and writer != it:
                self._race(storage, index, "read", it, writer)
            if reader is None:
                record[1] = it
            elif reader != it:
                record[2] = True

    def _race(self, storage: Storage, index: int, what: str, it: int, other: object) -> None:
        raise UndefinedBehaviour(
            UBKind.race,
            f"{what} of {storage.name}[{index}] in iteration {it} of {self.loop} conflicts with iteration "
            f"{other if other is not None else '(several)'}",
        )


Box = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]  # view offset, strides, [lo, hi) per dim


class RegionTracker:
    """Accesses of one block instance outside the regions its T.reads/T.writes declare.

    A read may fall in a read or a written region (a reduction reads its accumulator through its
    write region, as TVM's own blocks do); a write only in a written one. Buffers the block
    allocates itself are free. While a nested block runs, that block's tracker judges instead.
    """

    __slots__ = ("block", "reads", "writes", "beyond", "local", "paused")

    def __init__(self, block: str, reads: dict[int, list[Box]], writes: dict[int, list[Box]],
                 beyond: dict[int, str] | None = None) -> None:
        self.block = block
        self.reads = reads
        self.writes = writes
        self.beyond = beyond or {}
        self.local: set[int] = set()
        self.paused = False

    @staticmethod
    def _inside(boxes: list[Box], index: int) -> bool:
        for offset, strides, bounds in boxes:
            rest = index - offset
            for stride, (lo, hi) in zip(strides, bounds, strict=True):
                coord, rest = divmod(rest, stride)
                if not lo <= coord < hi:
                    break
            else:
                return True
        return False

    def access(self, storage: Storage, index: int, write: bool) -> None:
        if self.paused or storage.ident in self.local:
            return
        if storage.ident in self.beyond:
            # A region outside its buffer is TVM's own over-approximation where the instance
            # leaves the buffer alone (te.create_prim_func's concat declares B[i - 2] for every
            # i, and reads B only where i >= 2); an instance that does access the buffer
            # declares something no access can mean.
            raise UndefinedBehaviour(UBKind.region_out_of_bounds, self.beyond[storage.ident])
        writes = self.writes.get(storage.ident, [])
        if self._inside(writes, index) or (not write and self._inside(self.reads.get(storage.ident, []), index)):
            return
        what = "write" if write else "read"
        raise UndefinedBehaviour(
            UBKind.undeclared_access,
            f"{what} of {storage.name}[{index}] outside the regions block {self.block} declares",
        )

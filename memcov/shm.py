"""Named POSIX shared-memory regions laid out as memcov maps (header, entries, optional log).

The parent creates and unlinks every region; workers open them by the name found in their
environment.  Regions are sparse: pages that nobody writes cost no memory.
"""

from __future__ import annotations

import mmap
import os
import secrets
import weakref

import numpy as np

from .native import HEADER_SIZE, MAGIC, Header

SHM_DIR = "/dev/shm"


def _unlink(name: str, owner_pid: int) -> None:
    # A forked child inherits the finalizer; only the creator may remove the region.
    if os.getpid() == owner_pid:
        try:
            os.unlink(SHM_DIR + name)
        except FileNotFoundError:
            pass


def remove_stale_regions() -> int:
    """Unlink regions whose creator is gone (a parent killed with SIGKILL cannot clean up)."""
    removed = 0
    for entry in os.listdir(SHM_DIR):
        parts = entry.split("-")
        if not entry.startswith("tzer-memcov-") or len(parts) < 3 or not parts[2].isdigit():
            continue
        try:
            os.kill(int(parts[2]), 0)
        except ProcessLookupError:
            try:
                os.unlink(os.path.join(SHM_DIR, entry))
                removed += 1
            except FileNotFoundError:
                pass
        except PermissionError:
            continue
    return removed


class Region:
    """One mapped region; `entries` and `log` are numpy views into it."""

    def __init__(self, name: str, mm: mmap.mmap, writable: bool) -> None:
        self.name = name
        self._mmap = mm
        # A read-only mapping cannot back a live ctypes structure; readers only need the layout.
        self.header = Header.from_buffer(mm) if writable else Header.from_buffer_copy(mm)
        capacity = self.header.capacity
        self.entries = np.frombuffer(mm, dtype=np.uint8, count=capacity, offset=HEADER_SIZE)
        log_offset = self.header.log_offset
        self.log = (np.frombuffer(mm, dtype=np.uint32, count=capacity, offset=log_offset)
                    if log_offset else np.zeros(0, dtype=np.uint32))
        self._finalizer: weakref.finalize | None = None

    @property
    def capacity(self) -> int:
        return len(self.entries)

    @property
    def entries_address(self) -> int:
        return self.entries.ctypes.data

    @classmethod
    def create(cls, role: str, capacity: int, with_log: bool = False) -> Region:
        """A new zeroed region of `capacity` entries (and a uint32 log of as many indices)."""
        name = f"/tzer-memcov-{os.getpid()}-{role}-{secrets.token_hex(4)}"
        log_offset = HEADER_SIZE + ((capacity + 4095) & ~4095) if with_log else 0
        size = (log_offset + 4 * capacity) if with_log else HEADER_SIZE + capacity
        fd = os.open(SHM_DIR + name, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.ftruncate(fd, size)
            mm = mmap.mmap(fd, size)
        finally:
            os.close(fd)
        header = Header.from_buffer(mm)
        header.magic, header.capacity, header.log_offset = MAGIC, capacity, log_offset
        del header
        region = cls(name, mm, writable=True)
        region._finalizer = weakref.finalize(region, _unlink, name, os.getpid())
        return region

    @classmethod
    def open_readonly(cls, name: str) -> Region:
        """Map a region the parent created, to read it (in a worker)."""
        fd = os.open(SHM_DIR + name, os.O_RDONLY)
        try:
            mm = mmap.mmap(fd, 0, prot=mmap.PROT_READ)
        finally:
            os.close(fd)
        if Header.from_buffer_copy(mm).magic != MAGIC:
            raise ValueError(f"shared memory {name} is not a memcov map")
        return cls(name, mm, writable=False)

    def close(self) -> None:
        """Unmap, and remove the region if this process created it."""
        del self.header, self.entries, self.log
        self._mmap.close()
        if self._finalizer is not None:
            self._finalizer()

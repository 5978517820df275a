"""Zig's C compiler (PyPI `ziglang`), which cross-compiles and links C for CPUs that Debian has
no cross compiler for (LoongArch, Hexagon, WebAssembly): it carries its own libc for each."""

from __future__ import annotations

import importlib.util
import sys

# zig builds a target's C library, crt1 and compiler-rt into its own cache on its first link for it
# on a machine (half a minute on two cores); later links take a tenth of a second.
FIRST_LINK_SECONDS = 600.0
_linked: set[str] = set()


def available() -> bool:
    return importlib.util.find_spec("ziglang") is not None


def zig_cc(target: str, *flags: str) -> list[str]:
    """The command line of `zig cc` for an LLVM-style `target` (`loongarch64-linux-musl`)."""
    return [sys.executable, "-m", "ziglang", "cc", "-target", target, *flags]


def link_timeout(target: str, usual: float) -> float:
    """How long a link for `target` may take: long enough for zig's first on this machine the first
    time in this process, `usual` after."""
    if target in _linked:
        return usual
    _linked.add(target)
    return FIRST_LINK_SECONDS

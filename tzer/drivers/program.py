"""What the driver process takes and gives back: the kernel launches of one run of a GPU build and
its memory (`Program`), and the two ways a run fails that are not the build's crash.

This package runs GPU kernels on this CPU's drivers (PoCL, Mesa's lavapipe) in a process of its
own (`child.py`), which imports neither TVM nor tzer's coverage: the drivers carry their own LLVM,
and in the fuzzer's worker their threads ran into TVM's (breakpoint-instrumented) copy of LLVM
code. Nothing here imports the rest of tzer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

DYNAMIC_SHARED = "tirx.use_dyn_shared_memory"


class PlatformLimit(Exception):
    """What this platform (or tzer) cannot do, whatever the build: never a finding."""


class SourceRefused(Exception):
    """The build's kernel source does not compile with `compiler`: the code generator's fault."""

    def __init__(self, compiler: str, message: str) -> None:
        super().__init__(message)
        self.compiler = compiler


@dataclass(frozen=True)
class Pointer:
    """A kernel argument that points to the start of memory region `region`."""

    region: int


@dataclass(frozen=True)
class Scalar:
    dtype: str
    value: int | float


KernelArg = Pointer | Scalar


@dataclass(frozen=True)
class Launch:
    """One kernel launch: its name, arguments in order, and the value of each launch tag."""

    kernel: str
    args: tuple[KernelArg, ...]
    extents: dict[str, int]

    def grid(self) -> tuple[int, int, int]:
        return self._sizes("blockIdx")

    def block(self) -> tuple[int, int, int]:
        return self._sizes("threadIdx")

    def work_dim(self) -> int:
        """How many axes the launch uses, as TVM's runtime counts them (LaunchParamConfig)."""
        used = [axis for axis in "xyz" if f"blockIdx.{axis}" in self.extents or f"threadIdx.{axis}" in self.extents]
        return 1 + max(("xyz".index(axis) for axis in used), default=0)

    def _sizes(self, rank: str) -> tuple[int, int, int]:
        # TVM's runtime launches an extent of 0 (a dynamic shape's) as 1.
        x, y, z = (max(self.extents.get(f"{rank}.{axis}", 1), 1) for axis in "xyz")
        return x, y, z

    def dynamic_shared_bytes(self) -> int:
        return self.extents.get(DYNAMIC_SHARED, 0)


@dataclass
class Program:
    """The launches of one run, in order, and the memory they use: the buffer arguments first,
    then zero-filled device allocations of the host code (as bytes)."""

    launches: list[Launch] = field(default_factory=list)
    memory: list[np.ndarray] = field(default_factory=list)



def split_kernels(source: str, delimiter: str = "// Function: ") -> dict[str, str]:
    """Each kernel's own source, as TVM's runtimes split a device module (SplitKernels in
    src/backend/opencl/runtime/source_utils.h): from the line after `delimiter` to the next."""
    kernels = {}
    for chunk in source.split(delimiter)[1:]:
        name, _, text = chunk.partition("\n")
        kernels[name.strip()] = text
    return kernels

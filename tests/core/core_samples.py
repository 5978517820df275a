"""Tiny TVMScript seeds that compile, crash, hang or blow up memory on purpose."""

from __future__ import annotations

from pathlib import Path

GOOD_SEED = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i] * T.float32(2) + T.float32(1)
"""

# Runs an out-of-bounds store 4 GB past the buffer: the worker dies on SIGSEGV when it runs.
CRASH_SEED = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        A[i * 100000000 + 1000000000] = T.float32(1)
"""

# Loops forever when it runs.
HANG_SEED = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    while A[0] < T.float32(100):
        A[1] = A[1] + T.float32(1)
"""

# Allocates and touches 2 GiB when it runs.
OOM_SEED = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    big = T.alloc_buffer((536870912,), "float32")
    for i in range(536870912):
        big[i] = A[i % 16]
    A[0] = big[536870911]
"""


def write_seeds(folder: Path, seeds: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in seeds.items():
        (folder / f"{name}.py").write_text(text)
    return folder

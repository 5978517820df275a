"""Basic-block starts of an uninstrumented x86-64 library, found once per build and cached.

A linear sweep with capstone over every function that has unwind info: a block starts at the
function entry, at each direct jump target that is an instruction boundary of the same function,
and right after each jump, return or ud2.  Targets that are not instruction boundaries are dropped:
an int3 written in the middle of an instruction would corrupt the code.  The blocks of functions
that change the signal mask (`elfinfo.SIGNAL_MASKING`) are left out: a breakpoint that fires
while SIGTRAP is blocked kills the process (LLVM blocks every signal around each close() of a
file it read, such as CUDA's libdevice for the nvptx target).
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import elfinfo

FORMAT = 2
WORKERS = 2
CHUNKS = 256


def cache_root() -> Path:
    """$TZER_CACHE_DIR, else $XDG_CACHE_HOME/tzer, else ~/.cache/tzer."""
    if os.environ.get("TZER_CACHE_DIR"):
        return Path(os.environ["TZER_CACHE_DIR"])
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "tzer"


@dataclass(frozen=True)
class BlockTable:
    """Module-relative offsets of the blocks and of the function entries of one library build."""

    library: Path
    build_id: str
    code_lo: int
    code_hi: int
    blocks: np.ndarray
    functions: np.ndarray
    directory: Path


def load(directory: Path) -> BlockTable:
    """Open a cached table; the arrays are memory-mapped, so every worker shares one copy."""
    meta = json.loads((directory / "meta.json").read_text())
    if meta["format"] != FORMAT:
        raise ValueError(f"{directory}: cache format {meta['format']}, expected {FORMAT}")
    return BlockTable(Path(meta["library"]), meta["build_id"], meta["code_lo"], meta["code_hi"],
                      np.load(directory / "blocks.npy", mmap_mode="r"),
                      np.load(directory / "functions.npy", mmap_mode="r"), directory)


CACHE_FILES = ("blocks.npy", "functions.npy", "meta.json")


def table_directory(build_id: str) -> Path:
    """Where the table of one build is cached; each cache format has its own folder, so that an
    older tzer and this one can share a machine."""
    return cache_root() / "blocks" / f"{build_id}.v{FORMAT}"


def export_cache(table: BlockTable) -> dict[str, bytes]:
    """The cached table as bytes, to install on another machine with the same build."""
    return {name: (table.directory / name).read_bytes() for name in CACHE_FILES}


def install_cache(files: dict[str, bytes]) -> Path:
    """Write a table exported elsewhere into this machine's cache, unless it is there already."""
    build_id = json.loads(files["meta.json"])["build_id"]
    directory = table_directory(build_id)
    if not directory.exists():
        directory.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{build_id}-", dir=directory.parent))
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        try:
            os.rename(tmp, directory)
        except OSError:  # another process installed it first
            shutil.rmtree(tmp, ignore_errors=True)
    return directory


def load_or_discover(library: Path, progress: bool = True) -> BlockTable:
    """The table of `library` from the cache, discovering and caching it on first use."""
    build_id = elfinfo.build_id(library)
    directory = table_directory(build_id)
    try:
        table = load(directory)
    except (OSError, ValueError, KeyError):
        _discover(library, build_id, directory, progress)
        table = load(directory)
    # The same build may have been analysed at another path (another virtualenv).
    return dataclasses.replace(table, library=library)


_code: np.ndarray | None = None
_delta = 0


def _open_code(path: str, delta: int) -> None:
    global _code, _delta
    _code, _delta = np.memmap(path, dtype=np.uint8, mode="r"), delta


def _sweep(ranges: np.ndarray) -> tuple[np.ndarray, int]:
    """Block starts of the functions in `ranges` (vaddr, size) and the number of code bytes seen."""
    from capstone import CS_ARCH_X86, CS_MODE_64, Cs

    md = Cs(CS_ARCH_X86, CS_MODE_64)
    leaders: list[int] = []
    for start, size in ranges.tolist():
        end = start + size
        code = bytes(_code[start + _delta:end + _delta])
        boundaries: set[int] = set()
        targets: list[int] = []
        after_branch = True  # the entry
        for address, _, mnemonic, operands in md.disasm_lite(code, start):
            boundaries.add(address)
            if after_branch:
                leaders.append(address)
                after_branch = False
            op = mnemonic.rsplit(" ", 1)[-1]  # "notrack jmp", "bnd ret", "rep ret"
            if op[0] == "j" or op.startswith("ret") or op == "ud2":
                after_branch = True
                if op[0] == "j" and operands.startswith("0x"):
                    targets.append(int(operands, 16))
        leaders.extend(t for t in targets if t in boundaries)
    return np.unique(np.array(leaders, dtype=np.uint64)), int(ranges[:, 1].sum())


def _discover(library: Path, build_id: str, directory: Path, progress: bool) -> None:
    from elftools.elf.elffile import ELFFile
    from tqdm import tqdm

    started = time.monotonic()
    with open(library, "rb") as f:
        code = elfinfo.code_segment(ELFFile(f))
    if progress:
        print(f"memcov: finding the basic blocks of {library} (build-id {build_id}) for breakpoint "
              f"coverage; this runs once per TVM build and is cached in {directory}", file=sys.stderr)
    ranges = elfinfo.function_ranges(library)
    # Interleave so that every chunk gets a mix of big and small functions.
    chunks = [ranges[i::CHUNKS] for i in range(min(CHUNKS, len(ranges)))]
    parts = []
    context = multiprocessing.get_context("spawn")  # the parent may run threads (TVM, tqdm)
    with (context.Pool(WORKERS, _open_code, (str(library), code.offset - code.vaddr)) as pool,
          tqdm(total=int(ranges[:, 1].sum()), unit="B", unit_scale=True, disable=not progress,
               desc="memcov: disassembling", file=sys.stderr) as bar):
        for leaders, nbytes in pool.imap_unordered(_sweep, chunks):
            parts.append(leaders)
            bar.update(nbytes)
    blocks = np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.uint64)
    masking = elfinfo.functions_calling(library, elfinfo.SIGNAL_MASKING, ranges)
    for start, size in masking.tolist():
        blocks = blocks[(blocks < start) | (blocks >= start + size)]
    functions = np.unique(ranges[:, 0])
    if blocks.size and blocks[-1] >= 2**32:
        raise ValueError(f"{library}: code beyond 4 GiB is not supported")

    directory.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{build_id}-", dir=directory.parent))
    np.save(tmp / "blocks.npy", blocks.astype(np.uint32))
    np.save(tmp / "functions.npy", functions.astype(np.uint32))
    (tmp / "meta.json").write_text(json.dumps({
        "format": FORMAT, "library": str(library), "build_id": build_id,
        "code_lo": code.vaddr, "code_hi": code.vaddr + code.size,
        "blocks": int(blocks.size), "functions": int(functions.size),
        "signal_masking_functions": [f"{start:#x}" for start in masking[:, 0].tolist()],
        "seconds": round(time.monotonic() - started, 1)}, indent=1))
    try:
        os.rename(tmp, directory)
    except OSError:  # another process cached it first
        shutil.rmtree(tmp, ignore_errors=True)
    if progress:
        print(f"memcov: {blocks.size} blocks in {functions.size} functions, "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr)

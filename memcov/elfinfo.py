"""What memcov needs to know about an x86-64 ELF shared library without running it."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

import numpy as np
from elftools.elf.elffile import ELFFile

# .eh_frame_hdr encodings: eh_frame_ptr pcrel|sdata4, fde_count udata4, table datarel|sdata4.
_EH_FRAME_HDR = (1, 0x1B, 0x03, 0x3B)


class CodeSegment(NamedTuple):
    """The executable PT_LOAD segment: [vaddr, vaddr + size) is stored at file offset `offset`."""

    vaddr: int
    offset: int
    size: int


def build_id(path: str | Path) -> str:
    """The GNU build-id in hex; for a library without one, a hash of its contents."""
    with open(path, "rb") as f:
        elf = ELFFile(f)
        for section in elf.iter_sections("SHT_NOTE"):
            for note in section.iter_notes():
                if note["n_type"] == "NT_GNU_BUILD_ID":
                    return str(note["n_desc"])
        f.seek(0)
        return "sha256-" + hashlib.file_digest(f, "sha256").hexdigest()


def imports_symbol(path: str | Path, symbol: str) -> bool:
    """Whether the library's dynamic string table names `symbol` (cheap check for instrumentation)."""
    with open(path, "rb") as f:
        section = ELFFile(f).get_section_by_name(".dynstr")
        return section is not None and f"\0{symbol}\0".encode() in section.data()


def code_segment(elf: ELFFile) -> CodeSegment:
    for segment in elf.iter_segments("PT_LOAD"):
        if segment["p_flags"] & 1:  # PF_X
            return CodeSegment(segment["p_vaddr"], segment["p_offset"], segment["p_filesz"])
    raise ValueError("no executable segment")


def _file_offset(elf: ELFFile, vaddr: int) -> int:
    for segment in elf.iter_segments("PT_LOAD"):
        if segment["p_vaddr"] <= vaddr < segment["p_vaddr"] + segment["p_filesz"]:
            return vaddr - segment["p_vaddr"] + segment["p_offset"]
    raise ValueError(f"address {vaddr:#x} is not in the file")


def _gather_u32(data: np.ndarray, offsets: np.ndarray, dtype: str) -> np.ndarray:
    """The 4-byte little-endian values at each file offset."""
    return data[offsets[:, None] + np.arange(4)].copy().view(dtype).ravel()


def function_ranges(path: str | Path) -> np.ndarray:
    """(start, size) of every function with unwind info inside the code segment, sorted by start.

    A stripped library still has .eh_frame for C++ unwinding; its binary-search table
    (.eh_frame_hdr) lists each function start with its FDE, and each FDE holds the length.
    """
    with open(path, "rb") as f:
        elf = ELFFile(f)
        hdr = elf.get_section_by_name(".eh_frame_hdr")
        if hdr is None:
            raise ValueError(f"{path} has no .eh_frame_hdr")
        code = code_segment(elf)
        data = np.fromfile(path, dtype=np.uint8)
        hdr_vaddr, hdr_off = hdr["sh_addr"], hdr["sh_offset"]
        if tuple(data[hdr_off:hdr_off + 4]) != _EH_FRAME_HDR:
            raise ValueError(f"{path}: unsupported .eh_frame_hdr encoding {tuple(data[hdr_off:hdr_off + 4])}")
        count = int(data[hdr_off + 8:hdr_off + 12].view("<u4")[0])
        table = data[hdr_off + 12:hdr_off + 12 + 8 * count].view("<i4").reshape(-1, 2).astype(np.int64)
        starts = table[:, 0] + hdr_vaddr
        fde_vaddrs = table[:, 1] + hdr_vaddr
        delta = _file_offset(elf, int(fde_vaddrs[0])) - int(fde_vaddrs[0])
        fdes = fde_vaddrs + delta
    # FDE: length u32, CIE pointer u32, pc_begin (pcrel sdata4), pc_range u32.
    lengths = _gather_u32(data, fdes, "<u4")
    pc_begin = _gather_u32(data, fdes + 8, "<i4").astype(np.int64) + fde_vaddrs + 8
    sizes = _gather_u32(data, fdes + 12, "<u4").astype(np.int64)
    if (lengths == 0xFFFFFFFF).any() or (pc_begin != starts).mean() > 0.01:
        raise ValueError(f"{path}: unexpected FDE layout")
    inside = (starts >= code.vaddr) & (starts + sizes <= code.vaddr + code.size)
    keep = (pc_begin == starts) & inside & (sizes > 0)
    return np.unique(np.stack([starts[keep], sizes[keep]], axis=1), axis=0)

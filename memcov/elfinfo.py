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


def _eh_frame_hdr(path: str | Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, CodeSegment]:
    """The library's bytes, and per row of .eh_frame_hdr's table: the function start, the FDE's
    virtual address and its file offset; and the code segment."""
    with open(path, "rb") as f:
        elf = ELFFile(f)
        hdr = elf.get_section_by_name(".eh_frame_hdr")
        if hdr is None:
            raise ValueError(f"{path} has no .eh_frame_hdr")
        code = code_segment(elf)
        data = np.memmap(path, dtype=np.uint8, mode="r")  # only the table and the FDEs are read
        hdr_vaddr, hdr_off = hdr["sh_addr"], hdr["sh_offset"]
        if tuple(data[hdr_off:hdr_off + 4]) != _EH_FRAME_HDR:
            raise ValueError(f"{path}: unsupported .eh_frame_hdr encoding {tuple(data[hdr_off:hdr_off + 4])}")
        count = int(data[hdr_off + 8:hdr_off + 12].view("<u4")[0])
        table = data[hdr_off + 12:hdr_off + 12 + 8 * count].view("<i4").reshape(-1, 2).astype(np.int64)
        starts = table[:, 0] + hdr_vaddr
        fde_vaddrs = table[:, 1] + hdr_vaddr
        delta = _file_offset(elf, int(fde_vaddrs[0])) - int(fde_vaddrs[0])
    return data, starts, fde_vaddrs, fde_vaddrs + delta, code


def fde_addresses(path: str | Path, starts: np.ndarray) -> np.ndarray:
    """Where the FDE of each function starting at `starts` lies: sorting by it gives .eh_frame's
    order, which is the order the linker laid the object files out in."""
    _, hdr_starts, fde_vaddrs, _, _ = _eh_frame_hdr(path)
    order = np.argsort(hdr_starts, kind="stable")
    return fde_vaddrs[order][np.searchsorted(hdr_starts[order], starts)]


def function_ranges(path: str | Path) -> np.ndarray:
    """(start, size) of every function with unwind info inside the code segment, sorted by start.

    A stripped library still has .eh_frame for C++ unwinding; its binary-search table
    (.eh_frame_hdr) lists each function start with its FDE, and each FDE holds the length.
    """
    data, starts, fde_vaddrs, fdes, code = _eh_frame_hdr(path)
    # FDE: length u32, CIE pointer u32, pc_begin (pcrel sdata4), pc_range u32.
    lengths = _gather_u32(data, fdes, "<u4")
    pc_begin = _gather_u32(data, fdes + 8, "<i4").astype(np.int64) + fde_vaddrs + 8
    sizes = _gather_u32(data, fdes + 12, "<u4").astype(np.int64)
    if (lengths == 0xFFFFFFFF).any() or (pc_begin != starts).mean() > 0.01:
        raise ValueError(f"{path}: unexpected FDE layout")
    inside = (starts >= code.vaddr) & (starts + sizes <= code.vaddr + code.size)
    keep = (pc_begin == starts) & inside & (sizes > 0)
    return np.unique(np.stack([starts[keep], sizes[keep]], axis=1), axis=0)


# Functions that change the thread's signal mask: between blocking every signal and restoring the
# mask (LLVM's SafelyCloseFileDescriptor does so around close()), a breakpoint's SIGTRAP cannot be
# delivered to a handler and the kernel kills the process instead.
SIGNAL_MASKING = ("pthread_sigmask", "sigprocmask")


def _got_slots(elf: ELFFile, symbols: tuple[str, ...]) -> dict[int, str]:
    """The GOT slots (vaddr) that the dynamic linker fills with the addresses of `symbols`."""
    from elftools.elf.relocation import RelocationSection

    slots: dict[int, str] = {}
    for section in elf.iter_sections():
        if not isinstance(section, RelocationSection) or not section.name.startswith((".rela.dyn", ".rela.plt")):
            continue
        symtab = elf.get_section(section["sh_link"])
        for relocation in section.iter_relocations():
            if relocation["r_info_sym"]:
                name = symtab.get_symbol(relocation["r_info_sym"]).name
                if name in symbols:
                    slots[relocation["r_offset"]] = name
    return slots


def _plt_sections(elf: ELFFile) -> list:
    return [section for name in (".plt", ".plt.sec") if (section := elf.get_section_by_name(name)) is not None]


def _plt_stubs(elf: ELFFile, slots: dict[int, str]) -> set[int]:
    """The PLT entries (vaddr) that jump through one of `slots`: each 16-byte entry of .plt or
    .plt.sec holds a `jmp qword ptr [rip + disp32]` (after an endbr64 in .plt.sec)."""
    stubs: set[int] = set()
    for section in _plt_sections(elf):
        data = np.frombuffer(section.data(), dtype=np.uint8)
        jumps = np.nonzero((data[:-6] == 0xFF) & (data[1:-5] == 0x25))[0]
        targets = _rel32_targets(data, jumps, section["sh_addr"], 2)
        for offset, target in zip(jumps.tolist(), targets.tolist(), strict=True):
            if target in slots:
                stubs.add(section["sh_addr"] + offset - offset % 16)
    return stubs


def _rel32_targets(data: np.ndarray, sites: np.ndarray, base: int, operand: int) -> np.ndarray:
    """Where each instruction at `sites` of `data` (loaded at vaddr `base`) points with its 32-bit
    displacement, `operand` bytes in and relative to the instruction's end (rel32 or rip+disp32)."""
    displacement = data[sites[:, None] + operand + np.arange(4)].copy().view("<i4").ravel().astype(np.int64)
    return sites.astype(np.int64) + base + operand + 4 + displacement


def functions_calling(path: str | Path, symbols: tuple[str, ...], ranges: np.ndarray) -> np.ndarray:
    """The rows of `ranges` (start, size) whose functions call or jump to one of `symbols`: through
    the GOT (`call/jmp qword ptr [rip + disp32]`, code built with -fno-plt or relaxed by the
    linker) or through a PLT entry (`call/jmp rel32`)."""
    with open(path, "rb") as f:
        elf = ELFFile(f)
        slots = _got_slots(elf, symbols)
        stubs = _plt_stubs(elf, slots)
        plt = [(section["sh_addr"], section["sh_addr"] + section["sh_size"]) for section in _plt_sections(elf)]
        code = code_segment(elf)
    if not slots:
        return ranges[:0]
    data = np.fromfile(path, dtype=np.uint8)[code.offset:code.offset + code.size]
    indirect = np.nonzero(data[:-6] == 0xFF)[0]
    indirect = indirect[(data[indirect + 1] == 0x15) | (data[indirect + 1] == 0x25)]  # ModRM: [rip + disp32]
    direct = np.nonzero((data[:-5] == 0xE8) | (data[:-5] == 0xE9))[0]  # call/jmp rel32
    callers = np.concatenate([
        indirect[np.isin(_rel32_targets(data, indirect, code.vaddr, 2), list(slots))].astype(np.int64) + code.vaddr,
        direct[np.isin(_rel32_targets(data, direct, code.vaddr, 1), list(stubs))].astype(np.int64) + code.vaddr])
    for low, high in plt:  # the PLT's own jumps through the GOT are no caller
        callers = callers[(callers < low) | (callers >= high)]
    rows = np.searchsorted(ranges[:, 0], callers, side="right") - 1
    inside = (rows >= 0) & (callers < ranges[rows, 0] + ranges[rows, 1])
    return ranges[np.unique(rows[inside])]

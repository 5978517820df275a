"""Which source file each basic block of the stripped libtvm_compiler.so was compiled from.

Found once per build and cached beside the block table. The evidence is in the code itself:
- TVM's and Z3's checks embed `__FILE__`. A function whose code loads the address of such a
  string (a RIP-relative `lea`) was compiled from that file. A header's path only says whose code
  it is, since inlined code brings its header's checks along.
- TVM's checks also load "Check failed: ", which marks TVM's code where no file string is.
- A linker keeps each object file's functions together, in .eh_frame order. A function without
  evidence between two functions of one file is that file's; between two files of one directory,
  that directory's ("src/sym/?").
- The wheel links TVM, then LLVM (with the compression libraries LLVM uses), then Z3. LLVM is built
  without assertions, so its code holds no file strings: the functions between TVM's evidence and
  Z3's are LLVM's.

`measure_accuracy` hides each function's own evidence and asks the neighbour rule for its file.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from elftools.elf.elffile import ELFFile

from . import elfinfo
from .blocks import BlockTable

FORMAT = 1
LLVM, Z3, TVM = "llvm", "z3", "tvm"
UNKNOWN_FILE = "?"
_PATH = re.compile(rb"/[\x21-\x7e]{1,300}?\.(?:cc|cpp|c|h|hpp|inc|def)\0")
_Z3_PATH = re.compile(r".*/z3[^/]*/(src/.*)$")
_TVM_PATH = re.compile(r"^.*?/((?:src|include|3rdparty)/.*)$")
_SOURCE = (".cc", ".cpp", ".c")
TVM_CHECK = b"\0Check failed: \0"
# The code under test by default: TVM's TIR compiler, its analyses, code generators and printer.
TIR_DIRECTORIES = ("src/tirx", "src/s_tir", "src/sym", "src/target", "src/backend", "src/ir", "src/script")
SCOPES: dict[str, tuple[str, ...] | None] = {"tir": TIR_DIRECTORIES, "tvm": ("src", "include", "3rdparty", TVM),
                                             "all": None}


def scope_prefixes(spec: str) -> tuple[str, ...] | None:
    """A --coverage-scope value: a name of SCOPES, or directories (and "llvm", "z3") joined by ','.
    None stands for every entry."""
    if spec in SCOPES:
        return SCOPES[spec]
    prefixes = tuple(part.strip().rstrip("/") for part in spec.split(","))
    if not all(prefixes):
        raise ValueError(f"{spec!r}: an empty directory in the list")
    return prefixes


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    """Whether a label or directory lies in one of the directories `prefixes`."""
    return any(name == prefix or name.startswith(prefix + "/") for prefix in prefixes)


@dataclass(frozen=True)
class Atlas:
    """A label per coverage entry: "src/tirx/transform/vectorize_loop.cc", "src/sym/?" (the
    directory is known, the file not), "tvm/?", "llvm", or "z3/src/...".

    labels: the distinct labels; entry_label: an index into labels for each entry of the map."""

    labels: tuple[str, ...]
    entry_label: np.ndarray
    # depth -> (directories, each entry's directory index, each directory's entry count)
    _directories: dict[int, tuple[tuple[str, ...], np.ndarray, np.ndarray]] = field(default_factory=dict,
                                                                                     compare=False, repr=False)

    def group_of(self, label: str) -> str:
        """tvm, llvm or z3."""
        return label.split("/", 1)[0] if label.startswith((LLVM, Z3)) else TVM

    def directory_of(self, label: str, depth: int = 3) -> str:
        """The label's directory cut to `depth` parts: src/s_tir/schedule/primitive/x.cc -> src/s_tir/schedule
        at 3. LLVM and Z3 are one directory each; TVM code of unknown directory is "tvm/?"."""
        group = self.group_of(label)
        if group != TVM:
            return group
        if label == f"{TVM}/{UNKNOWN_FILE}":
            return label
        return "/".join(label.split("/")[:-1][:depth])

    def entry_directories(self, depth: int = 3) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
        """The distinct directories, per entry the index of its directory, and per directory its
        number of entries."""
        if depth not in self._directories:
            per_label = [self.directory_of(label, depth) for label in self.labels]
            names = tuple(sorted(set(per_label)))
            index_of = {name: i for i, name in enumerate(names)}
            index = np.array([index_of[name] for name in per_label], dtype=np.uint16)[self.entry_label]
            self._directories[depth] = names, index, np.bincount(index, minlength=len(names))
        return self._directories[depth]

    def by_directory(self, covered: np.ndarray, depth: int = 3) -> dict[str, tuple[int, int]]:
        """directory -> (entries covered, entries), for the entries at indices `covered`."""
        names, index, totals = self.entry_directories(depth)
        hits = np.bincount(index[np.asarray(covered, dtype=np.int64)], minlength=len(names))
        return {name: (int(hits[i]), int(totals[i])) for i, name in enumerate(names)}

    def in_scope(self, prefixes: tuple[str, ...]) -> np.ndarray:
        """A mask over the entries whose label starts with one of `prefixes` (directories, or "llvm"/"z3")."""
        wanted = np.array([under(label, prefixes) for label in self.labels], dtype=bool)
        return wanted[self.entry_label]


@dataclass(frozen=True)
class Evidence:
    """Per function, in .eh_frame order: its group ("" for none) and its source file ("" for none)."""

    starts: np.ndarray
    group: list[str]
    file: list[str]


def _normalize(path: str) -> tuple[str, str] | None:
    """(group, label) of a path string found in the library, None for anyone else's (libstdc++)."""
    if match := _Z3_PATH.match(path):
        return Z3, f"{Z3}/{match.group(1)}"
    if match := _TVM_PATH.match(path):
        return TVM, match.group(1)
    return None


def read_evidence(library: str | os.PathLike[str]) -> Evidence:
    """What the code of every function says about where it comes from."""
    data = np.memmap(library, dtype=np.uint8, mode="r")
    with open(library, "rb") as f:
        elf = ELFFile(f)
        code = elfinfo.code_segment(elf)
        rodata = elf.get_section_by_name(".rodata")
        ro_addr, ro_offset, ro_size = rodata["sh_addr"], rodata["sh_offset"], rodata["sh_size"]
    raw = data[ro_offset:ro_offset + ro_size].tobytes()
    strings: dict[int, tuple[str, str]] = {}
    for match in _PATH.finditer(raw):
        if named := _normalize(match.group(0)[:-1].decode()):
            strings[ro_addr + match.start()] = named
    for match in re.finditer(re.escape(TVM_CHECK), raw):
        strings[ro_addr + match.start() + 1] = (TVM, "")
    text = data[code.offset:code.offset + code.size]
    sites = np.nonzero(text[1:-6] == 0x8D)[0] + 1  # lea r64, [rip + disp32]: REX.W 8D modrm(00 reg 101)
    sites = sites[((text[sites - 1] == 0x48) | (text[sites - 1] == 0x4C)) & ((text[sites + 1] & 0xC7) == 0x05)]
    targets = elfinfo._rel32_targets(text, sites, code.vaddr, 2)
    known = np.isin(targets, np.fromiter(strings, dtype=np.int64))
    ranges = elfinfo.function_ranges(library)
    order = np.argsort(elfinfo.fde_addresses(library, ranges[:, 0]), kind="stable")
    position = np.empty(len(order), dtype=np.int64)
    position[order] = np.arange(len(order))
    callers = sites[known].astype(np.int64) + code.vaddr
    rows = np.searchsorted(ranges[:, 0], callers, side="right") - 1
    inside = (rows >= 0) & (callers < ranges[rows, 0] + ranges[rows, 1])
    groups: dict[int, Counter[str]] = {}
    files: dict[int, Counter[str]] = {}
    for row, target in zip(position[rows[inside]].tolist(), targets[known][inside].tolist(), strict=True):
        group, label = strings[target]
        groups.setdefault(row, Counter())[group] += 1
        if label.endswith(_SOURCE):
            files.setdefault(row, Counter())[label] += 1
    count = len(order)
    return Evidence(starts=ranges[order, 0],
                    group=[groups[i].most_common(1)[0][0] if i in groups else "" for i in range(count)],
                    file=[files[i].most_common(1)[0][0] if i in files else "" for i in range(count)])


def _directory(label: str) -> str:
    return label.rsplit("/", 1)[0]


def _between(before: str, after: str) -> str:
    """The label of an unevidenced function between two evidenced ones of one group ("" if unknown):
    their file if they share it, else the deepest directory they share ("src/tirx/?")."""
    if before == after:
        return before
    if not before or not after:
        return ""
    shared = os.path.commonpath([_directory(before), _directory(after)])
    return f"{shared}/{UNKNOWN_FILE}" if "/" in shared else ""


def _neighbours(values: list[str]) -> tuple[list[str], list[str]]:
    """For each position, the nearest non-empty value before it and after it ("" at the ends)."""
    before, after = [""] * len(values), [""] * len(values)
    last = ""
    for i, value in enumerate(values):
        before[i] = last
        last = value or last
    last = ""
    for i in range(len(values) - 1, -1, -1):
        after[i] = last
        last = values[i] or last
    return before, after


def function_labels(evidence: Evidence) -> list[str]:
    """A label per function (in .eh_frame order), by its own evidence or its neighbours'."""
    group_before, group_after = _neighbours(evidence.group)
    groups = [own or (before if before == after or not after else after if not before else LLVM)
              for own, before, after in zip(evidence.group, group_before, group_after, strict=True)]
    file_before, file_after = _neighbours(evidence.file)
    labels = []
    for group, own, before, after in zip(groups, evidence.file, file_before, file_after, strict=True):
        if group == LLVM:
            labels.append(LLVM)
            continue
        label = own or _between(before, after)
        same_group = label and label.startswith(f"{Z3}/") == (group == Z3)
        labels.append(label if same_group else f"{group}/{UNKNOWN_FILE}")
    return labels


def measure_accuracy(evidence: Evidence) -> dict[str, int]:
    """Hide each function's own file evidence and ask the neighbour rule: how often it decides a file
    or a directory, and how often that is the function's own."""
    file_before, file_after = _neighbours(evidence.file)
    counts = Counter[str]()
    for own, before, after in zip(evidence.file, file_before, file_after, strict=True):
        if not own:
            continue
        counts["functions"] += 1
        guess = _between(before, after)
        if guess.endswith(f"/{UNKNOWN_FILE}"):
            counts["directory_decided"] += 1
            counts["directory_right"] += under(_directory(own), (_directory(guess),))
        elif guess:
            counts["file_decided"] += 1
            counts["file_right"] += guess == own
    return dict(counts)


def build(table: BlockTable, entries: str = "blocks") -> tuple[Atlas, dict[str, object]]:
    """The atlas of a block table's library (entries: "blocks" or "functions", as the backend counts)
    and what was measured about it."""
    evidence = read_evidence(table.library)
    labels = function_labels(evidence)
    names = tuple(sorted(set(labels)))
    index_of = {name: i for i, name in enumerate(names)}
    label_index = np.array([index_of[label] for label in labels], dtype=np.uint16)
    by_start = np.argsort(evidence.starts)
    offsets = np.asarray(table.blocks if entries == "blocks" else table.functions)
    owner = np.clip(np.searchsorted(evidence.starts[by_start], offsets, side="right") - 1, 0, None)
    atlas = Atlas(names, label_index[by_start][owner])
    groups = Counter[str]()
    with_file = with_directory = 0
    for name, count in zip(names, np.bincount(atlas.entry_label, minlength=len(names)).tolist(), strict=True):
        group = atlas.group_of(name)
        groups[group] += count
        if group == TVM:
            with_file += count * (not name.endswith(UNKNOWN_FILE))
            with_directory += count * (name != f"{TVM}/{UNKNOWN_FILE}")
    meta: dict[str, object] = {
        "format": FORMAT, "build_id": table.build_id, "entries": entries, "functions": len(labels),
        "functions_with_file_evidence": sum(bool(f) for f in evidence.file),
        "entry_groups": dict(groups), "tvm_entries_with_file": with_file,
        "tvm_entries_with_directory": with_directory, "leave_one_out": measure_accuracy(evidence)}
    return atlas, meta


def atlas_path(table: BlockTable, entries: str) -> Path:
    return table.directory / f"atlas-{entries}.v{FORMAT}.npz"


def load_or_build(table: BlockTable, entries: str = "blocks") -> Atlas:
    """The cached atlas of this build, built (about 2 s) and cached on first use."""
    path = atlas_path(table, entries)
    if path.exists():
        with np.load(path) as saved:
            return Atlas(tuple(str(label) for label in saved["labels"]), saved["entry_label"])
    atlas, meta = build(table, entries)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as f:
        np.savez(f, labels=np.array(atlas.labels), entry_label=atlas.entry_label)
    os.replace(tmp, path)
    path.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n")
    return atlas

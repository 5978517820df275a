"""Coverage maps side by side, per TIR directory of TVM (memcov.atlas), as a markdown table.

Each map is a campaign's coverage.npz, a `tzer showmap -o` file, or the union that
`tvm_tests_anchor.py` writes for TVM's own test suites. With --files, per source file under the
given directories instead: the --most files whose coverage grew most from the first map to the last.

    python experiments/compare_dirs.py [--depth 3] LABEL=MAP.npz [LABEL=MAP.npz ...]
    python experiments/compare_dirs.py --files src/s_tir/schedule,src/tirx/script [--most 20] LABEL=MAP.npz ...
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from memcov.atlas import TIR_DIRECTORIES, UNKNOWN_FILE, under
from tzer.analysis.bydir import atlas_for, by_directory, read_map


def print_files(maps: dict[str, tuple[str, str, np.ndarray]], prefixes: tuple[str, ...], most: int) -> None:
    backend, build_id, _ = next(iter(maps.values()))
    atlas = atlas_for(backend, build_id)
    blocks = np.bincount(atlas.entry_label, minlength=len(atlas.labels))
    covered = {label: np.bincount(atlas.entry_label[indices], minlength=len(atlas.labels))
               for label, (_, _, indices) in maps.items()}
    first, last = covered[next(iter(maps))], covered[list(maps)[-1]]
    files = [i for i, name in enumerate(atlas.labels) if under(name, prefixes) and not name.endswith(UNKNOWN_FILE)]
    files.sort(key=lambda i: first[i] - last[i])
    print("| file | blocks | " + " | ".join(maps) + " |")
    print("|---|---|" + "---|" * len(maps))
    for i in files[:most]:
        cells = [f"{counts[i]} ({100 * counts[i] / blocks[i]:.1f}%)" for counts in covered.values()]
        print(f"| {atlas.labels[i]} | {blocks[i]} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="+", metavar="LABEL=MAP")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--files", help="directories joined by ',': a row per source file under them")
    parser.add_argument("--most", type=int, default=20, help="--files: how many rows")
    args = parser.parse_args()
    maps = {}
    for spec in args.maps:
        label, _, path = spec.partition("=")
        if not path:
            parser.error(f"{spec!r}: give LABEL=MAP.npz")
        maps[label] = read_map(Path(path))
    if args.files:
        print_files(maps, tuple(args.files.split(",")), args.most)
        return
    tables = {label: by_directory(atlas_for(backend, build_id), covered, args.depth)
              for label, (backend, build_id, covered) in maps.items()}
    first = next(iter(tables.values()))
    names = [name for name in first["directories"] if under(name, TIR_DIRECTORIES)]
    print("| directory | blocks | " + " | ".join(tables) + " |")
    print("|---|---|" + "---|" * len(tables))
    rows = [(name, "directories", name) for name in names]
    rows += [(f"**{title}**", "totals", key) for key, title in (("tir", "TIR directories"), ("tvm", "TVM"),
                                                                  ("llvm", "LLVM"), ("z3", "Z3"))]
    for title, part, key in rows:
        blocks = first[part][key][1]
        cells = [f"{t[part][key][0]} ({100 * t[part][key][0] / blocks:.1f}%)" for t in tables.values()]
        print(f"| {title} | {blocks} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

"""Coverage maps side by side, per TIR directory of TVM (memcov.atlas), as a markdown table.

Each map is a campaign's coverage.npz, a `tzer showmap -o` file, or the union that
`tvm_tests_anchor.py` writes for TVM's own test suites.

    python experiments/compare_dirs.py [--depth 3] LABEL=MAP.npz [LABEL=MAP.npz ...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memcov.atlas import TIR_DIRECTORIES, under
from tzer.analysis.bydir import atlas_for, by_directory, read_map


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="+", metavar="LABEL=MAP")
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args()
    tables = {}
    for spec in args.maps:
        label, _, path = spec.partition("=")
        if not path:
            parser.error(f"{spec!r}: give LABEL=MAP.npz")
        backend, build_id, covered = read_map(Path(path))
        tables[label] = by_directory(atlas_for(backend, build_id), covered, args.depth)
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

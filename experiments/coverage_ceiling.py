"""How far above one campaign any campaign of the same tests has reached: the ceiling of a ratio.

A coverage ratio between two arms cannot exceed what the blocks ever reached allow. This script
takes one coverage map (a campaign's `coverage.npz` or a `tzer showmap -o` file) as the reference
and any number of others, checks that they come from the same TVM build and coverage backend, and
prints the union of all of them against the reference: if the union of every campaign ever run is
1.2x the reference, no scheduling of the same mutators, passes and targets reaches 2x in the same
time, and a larger ratio needs tests that reach code none of them reached.

The same count is printed for TVM's TIR directories (memcov.atlas), the code under test, where the
maps are breakpoint maps of a build whose atlas this machine holds. A map of TVM's own TIR tests
(`tvm_tests_anchor.py`) among the others asks what tzer plus everything those tests reach would give.

    python experiments/coverage_ceiling.py REFERENCE.npz MAP.npz [MAP.npz ...]
    python experiments/coverage_ceiling.py REFERENCE.npz --under DIR   # every coverage.npz below DIR
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from memcov.atlas import TIR_DIRECTORIES
from tzer.analysis.bydir import AtlasUnavailable, atlas_for


def load(path: Path) -> tuple[tuple[str, str], np.ndarray]:
    with np.load(path) as saved:
        return (str(saved["backend"]), str(saved["build_id"])), saved["covered"].astype(np.int64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", type=Path)
    parser.add_argument("maps", type=Path, nargs="*")
    parser.add_argument("--under", type=Path, help="also every coverage.npz below this folder")
    args = parser.parse_args()
    maps = list(args.maps) + (sorted(args.under.rglob("coverage.npz")) if args.under else [])
    if not maps:
        parser.error("give coverage maps to compare with, or --under DIR")
    build, reference = load(args.reference)
    union = set(reference.tolist())
    used = 0
    for path in maps:
        try:
            other_build, covered = load(path)
        except (OSError, KeyError, ValueError) as error:
            print(f"skipped {path}: {error}")
            continue
        if other_build != build:
            print(f"skipped {path}: backend/build {other_build} is not the reference's {build}")
            continue
        used += 1
        union.update(covered.tolist())
    print(f"reference {args.reference}: {len(reference)} blocks ({build[0]}, build {build[1][:12]})")
    print(f"union of the reference and {used} other map(s): {len(union)} blocks")
    print(f"ceiling of any ratio against the reference: {len(union) / len(reference):.3f}")
    try:
        in_tir = atlas_for(*build).in_scope(TIR_DIRECTORIES)
    except AtlasUnavailable as error:
        print(f"no TIR-directory count: {error}")
        return
    tir_reference = int(in_tir[reference].sum())
    tir_union = int(in_tir[np.fromiter(union, dtype=np.int64)].sum())
    print(f"in TVM's TIR directories: reference {tir_reference}, union {tir_union}, "
          f"ceiling {tir_union / tir_reference:.3f}")


if __name__ == "__main__":
    main()

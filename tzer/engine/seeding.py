"""Where a new campaign's first seeds come from: the shipped seeds, folders, or nothing.

The shipped seeds are the corpus and the functions of TVM's pass tests (seeds/tvm_tests): replayed
by `tzer showmap`, the test functions reach 71206 blocks (+19%) beyond the corpus's 379305.
"""

from __future__ import annotations

from pathlib import Path

import seeds


class SeedSourceError(Exception):
    """The seed source cannot be used; the message is one line for the user."""


def seed_folders(source: str | None) -> list[Path]:
    """The folders of a --seeds value: one folder or several joined by ','; None is the shipped seeds."""
    if source is None:
        return [seeds.CORPUS_DIR, seeds.TVM_TESTS_DIR]
    return [Path(part) for part in source.split(",")]


def initial_seeds(source: str | None) -> list[seeds.SeedFile]:
    """The seeds of a --seeds value. `None` is the shipped seeds, "none" the empty function."""
    if source == "none":
        import mutators
        from tirkit.script import to_script

        return [seeds.SeedFile("empty", Path(), to_script(mutators.empty_function()))]
    found: dict[str, seeds.SeedFile] = {}
    for folder in seed_folders(source):
        try:
            files = seeds.load(folder)
        except seeds.SeedError as error:
            raise SeedSourceError(str(error)) from None
        for f in files:
            # A resumed campaign finds its pending seeds again by name.
            if f.name in found:
                raise SeedSourceError(f"two seeds named {f.name!r} in the folders of --seeds {source}")
            found[f.name] = f
    return list(found.values())

"""Where a new campaign's first seeds come from: the shipped corpus, a folder, or nothing."""

from __future__ import annotations

from pathlib import Path

import seeds


class SeedSourceError(Exception):
    """The seed source cannot be used; the message is one line for the user."""


def initial_seeds(source: str | None) -> list[tuple[str, str]]:
    """(name, TVMScript) pairs. `None` is the shipped corpus, "none" the empty function."""
    if source == "none":
        import mutators
        from tirkit.script import to_script

        return [("empty", to_script(mutators.empty_function()))]
    try:
        files = seeds.load(Path(source) if source else None)
    except seeds.SeedError as error:
        raise SeedSourceError(str(error)) from None
    return [(f.name, f.script) for f in files]

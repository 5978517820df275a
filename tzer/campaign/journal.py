"""pool.<generation>.jsonl: the pool entries' state (energy, picks, stall, ...) as an append-only
journal, read by --resume.

A line is two compact JSON objects separated by a tab (which compact JSON never holds): the fields
a pick needs (HOT: energy, duration, rare blocks, ...) and the rest (pass sequence, target,
checks, an analysis case, ...). --resume parses the first part of each line and keeps the second
as bytes, parsed when the entry is first used: at 500,000 entries, parsing everything took
most of a resume.

Every few seconds the campaign appends the state of each entry picked or added since its last save,
instead of rewriting every entry's: a save costs what the last seconds changed, not what the
campaign holds. A later line for an entry replaces an earlier one. Once the journal holds
COMPACT_FACTOR lines for each entry of the pool, it is written again with one line per entry, under
the next generation's name. state.json names the generation and how many bytes of it are complete;
whatever a kill left beyond that is cut off on resume, so a kill at any moment leaves a state that
--resume reads whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tzer.campaign.files import write_text

COMPACT_FACTOR = 4
HOT = frozenset({"id", "energy", "picks", "finds", "stall", "duration", "rare_blocks", "parent", "analysis"})
COLD = "_cold"  # the key under which read() leaves a line's second part, unparsed
COMPACT_SLACK = 1000  # lines a small pool may hold before it is compacted


class PoolJournal:
    def __init__(self, root: Path, generation: int = 0, size: int = 0, lines: int = 0) -> None:
        self.root = root
        self.generation = generation
        self.size = size  # bytes known complete
        self.lines = lines

    @classmethod
    def from_position(cls, root: Path, position: dict[str, Any] | None) -> PoolJournal:
        position = position or {}
        return cls(root, int(position.get("generation", 0)), int(position.get("size", 0)),
                   int(position.get("lines", 0)))

    @property
    def path(self) -> Path:
        return self.root / f"pool.{self.generation}.jsonl"

    def position(self) -> dict[str, int]:
        """What state.json records: the generation and its complete length."""
        return {"generation": self.generation, "size": self.size, "lines": self.lines}

    def read(self) -> dict[int, dict[str, Any]]:
        """Each entry's latest state, from the complete part of the journal ({} when there is none)."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(self.size)
        except OSError:
            return {}
        parts = [line.partition(b"\t") for line in data.splitlines()]
        try:  # one call for every line: the complete part of the journal is whole JSON, line by line
            hots = json.loads(b"[" + b",".join(hot for hot, _, _ in parts) + b"]")
        except ValueError:
            hots = [_loads(hot) for hot, _, _ in parts]
        states: dict[int, dict[str, Any]] = {}
        for state, (_, _, cold) in zip(hots, parts, strict=True):
            if isinstance(state, dict) and isinstance(state.get("id"), int):
                if cold not in (b"", b"{}"):
                    state[COLD] = cold
                states[state["id"]] = state
        return states

    def resume(self) -> None:
        """Cut off what a kill left past the complete part, so that appends continue from there."""
        if self.path.exists() and self.path.stat().st_size > self.size:
            os.truncate(self.path, self.size)

    def save(self, changed: Iterable[dict[str, Any]], everything: Iterable[dict[str, Any]], entries: int
             ) -> Path | None:
        """Append the states that `changed`, or write `everything` as the next generation when the
        journal has grown COMPACT_FACTOR times the pool's `entries`. Returns the previous generation's
        file once it is replaced: the caller deletes it after state.json names the new one."""
        if self.lines > COMPACT_FACTOR * entries + COMPACT_SLACK:
            old = self.path
            text = "".join(map(_line, everything))
            self.generation += 1
            write_text(self.path, text)
            self.size, self.lines = len(text.encode()), text.count("\n")
            return old
        text = "".join(map(_line, changed))
        if text:
            with open(self.path, "a", encoding="utf-8") as handle:
                handle.write(text)
            self.size += len(text.encode())
            self.lines += text.count("\n")
        return None


def _line(state: dict[str, Any]) -> str:
    hot = {key: value for key, value in state.items() if key in HOT}
    cold = {key: value for key, value in state.items() if key not in HOT}
    return f"{json.dumps(hot, separators=(',', ':'))}\t{json.dumps(cold, separators=(',', ':'))}\n"


def _loads(text: bytes) -> Any:
    """A line's first part, or None where it is not JSON (the journal was edited by hand)."""
    try:
        return json.loads(text)
    except ValueError:
        return None

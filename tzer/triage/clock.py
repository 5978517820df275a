"""Seconds per phase of one bug's triage: where a slow triage spends its workers' time."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# The phases in the order triage runs them; a bug's row lists those it went through.
PHASES = ("confirm", "reduce", "diagnose", "witness", "repro")


class PhaseClock:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        started = time.monotonic()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.monotonic() - started

    def to_dict(self) -> dict[str, float]:
        return {name: round(self.seconds[name], 1) for name in PHASES if name in self.seconds}


def phase_shares(rows: list[dict[str, Any]]) -> str:
    """'confirm 21%, reduce 27%, ...' over every row's seconds: the workers' time by phase."""
    totals = {name: sum(float(row.get("seconds", {}).get(name, 0.0)) for row in rows) for name in PHASES}
    spent = sum(totals.values())
    if spent <= 0:
        return "no phase timed"
    return ", ".join(f"{name} {100 * seconds / spent:.0f}%" for name, seconds in totals.items() if seconds > 0)

"""The progress line: a tqdm bar over the budget with execs/s, coverage, corpus and findings."""

from __future__ import annotations

import sys
import time
from typing import Any

from tqdm import tqdm

from tzer.options import FuzzOptions

PLAIN_INTERVAL = 60.0


class Progress:
    """tqdm on a terminal; without one (or with --no-progress), a plain status line a minute."""

    def __init__(self, opts: FuzzOptions) -> None:
        self.by_time = opts.time_budget is not None
        total = opts.time_budget if self.by_time else opts.exec_budget
        self.interactive = opts.progress and sys.stderr.isatty()
        self.bar = tqdm(total=total, unit="s" if self.by_time else "exec", dynamic_ncols=True,
                        disable=not self.interactive, mininterval=0.5,
                        bar_format="{l_bar}{bar}| {n:.0f}/{total_fmt} [{elapsed}<{remaining}] {postfix}")
        self.last_plain = time.monotonic()

    def update(self, fuzzer: Any) -> None:
        """Called after every test; the fields are gathered only for a line that is printed (counting
        the covered blocks scans the whole coverage map)."""
        counters = fuzzer.counters
        now = time.monotonic()
        if self.interactive:
            done = now - fuzzer.session_start if self.by_time else fuzzer.session_execs
            self.bar.n = min(done, self.bar.total) if self.bar.total else done
            if now - self.bar.last_print_t > 0.5:
                self.bar.set_postfix(self._fields(fuzzer), refresh=False)
                self.bar.refresh()
            return
        if now - self.last_plain >= PLAIN_INTERVAL:
            self.last_plain = now
            line = " ".join(f"{key}={value}" for key, value in self._fields(fuzzer).items())
            print(f"[tzer] execs={counters.execs} {line}", file=sys.stderr, flush=True)

    @staticmethod
    def _fields(fuzzer: Any) -> dict[str, object]:
        counters = fuzzer.counters
        fields = {
            "execs/s": f"{fuzzer.execs_per_sec():.1f}",
            "cov": fuzzer.backend.global_map.covered(),
            "corpus": fuzzer.corpus_count(),
            "findings": sum(counters.findings.values()),
            "valid": f"{counters.valid_rate():.0%}",
        }
        if fuzzer.pending:
            fields["seeds left"] = len(fuzzer.pending)
        return fields

    def close(self) -> None:
        self.bar.close()

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
        counters = fuzzer.counters
        fields = {
            "execs/s": f"{fuzzer.execs_per_sec():.1f}",
            "cov": fuzzer.backend.global_map.covered(),
            "corpus": len(fuzzer.pool),
            "findings": sum(counters.findings.values()),
            "valid": f"{counters.valid_rate():.0%}",
        }
        if fuzzer.pending:
            fields["seeds left"] = len(fuzzer.pending)
        if self.interactive:
            done = time.monotonic() - fuzzer.session_start if self.by_time else fuzzer.session_execs
            self.bar.n = min(done, self.bar.total) if self.bar.total else done
            self.bar.set_postfix(fields, refresh=False)
            if time.monotonic() - self.bar.last_print_t > 0.5:
                self.bar.refresh()
            return
        now = time.monotonic()
        if now - self.last_plain >= PLAIN_INTERVAL:
            self.last_plain = now
            line = " ".join(f"{key}={value}" for key, value in fields.items())
            print(f"[tzer] execs={counters.execs} {line}", file=sys.stderr, flush=True)

    def close(self) -> None:
        self.bar.close()

"""Pass labels as the fuzzer writes them, e.g. `tirx.UnrollLoop(auto_max_step=4)` (no TVM needed)."""

from __future__ import annotations


def pass_family(pass_label: str | None) -> str:
    """`tirx.UnrollLoop(auto_max_step=4)` -> `tirx.UnrollLoop`: the pass without its arguments."""
    return (pass_label or "").split("(", 1)[0].strip()


def pass_name(pass_label: str | None) -> str:
    """`pipeline:s_tir.CompactBufferAllocation [cuda]` or `s_tir.CompactBufferAllocation(...)` ->
    `s_tir.CompactBufferAllocation`: the pass, wherever it ran."""
    return pass_family(pass_label).removeprefix("pipeline:").split(" [", 1)[0]

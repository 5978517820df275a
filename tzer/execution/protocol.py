"""The messages between the fuzzer and a worker: plain dicts that pickle cheaply.

Parent to worker, one request per test:
    {"seed_key": str, "seed_script": str | None, "adopt_last": str | None,
     "mutation": {"mutator": str, "rng": int} | None, "passes": [PassSpec, ...],
     "checks": Checks fields, "rng": int}
Worker to parent, while the test runs:
    {"event": "stage", "stage": str, "pass": str | None}   before each step
    {"event": "mutant", "script": str, "hash": str}          once the function to test exists
    {"event": "done", "outcome": Outcome fields}             at the end
A worker that dies or stops answering leaves the parent with the last events it sent.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Outcome statuses decided inside the worker. The executor adds crash, hang and oom.
OK = "ok"
INVALID = "invalid"  # the mutant failed verify_well_formed: a statistic, not a finding
NO_MUTATION = "no_mutation"
BAD_SEED = "bad_seed"
EXCEPTION = "exception"
REJECTED = "rejected"  # a pass or the pipeline declined unsupported input: a statistic
ILL_FORMED = "ill_formed"
INCONSISTENCY = "inconsistency"
NON_IDEMPOTENT = "non_idempotent"
PERF = "perf"
CRASH = "crash"
HANG = "hang"
OOM = "oom"

FINDING_KINDS = (CRASH, HANG, OOM, EXCEPTION, INCONSISTENCY, ILL_FORMED, NON_IDEMPOTENT, PERF)
COMPILED = (OK, INCONSISTENCY, NON_IDEMPOTENT, PERF)

# Stages of one test, in order.
PARSE, MUTATE, VERIFY, PASS, COMPILE, RUN, COMPARE = (
    "parse", "mutate", "verify", "pass", "compile", "run", "compare")


@dataclass
class Checks:
    """Which of the sampled oracles to run for one test."""

    differential: bool = False
    perf: bool = False
    idempotence: bool = False
    roundtrip: bool = False

    def to_dict(self) -> dict[str, bool]:
        return asdict(self)


@dataclass
class Outcome:
    """What the worker observed for one test."""

    status: str
    stage: str | None = None
    pass_name: str | None = None
    message: str | None = None
    error: str | None = None
    applied_passes: int = 0
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        return cls(**data)

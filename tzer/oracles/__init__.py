"""The oracles, registered by name, and the judge that turns a test's status into a finding kind.

To add an oracle: write a module with an `Oracle` subclass (its hooks, finding kind, flag,
sampling rate and repro lines) and add one line to ORACLES below. Its flag appears in
`tzer fuzz --help`, the fuzzer samples it, the worker runs it and triage writes its repro.py.
"""

from __future__ import annotations

from tzer.oracles.base import Oracle
from tzer.oracles.device_code import DeviceCode
from tzer.oracles.differential import Differential
from tzer.oracles.idempotence import Idempotence
from tzer.oracles.perf import Perf
from tzer.oracles.reference import Reference
from tzer.oracles.roundtrip import RoundTrip
from tzer.oracles.vector_length import VectorLength
from tzer.oracles.well_formed import WellFormed
from tzer.vocabulary import ExecResult, FindingKind, Status

# In the order their hooks run at each step of a test.
ORACLES: dict[str, Oracle] = {oracle.name: oracle for oracle in (
    WellFormed(),
    RoundTrip(),
    Idempotence(),
    Reference(),
    Differential(),
    VectorLength(),
    Perf(),
    DeviceCode(),
)}

_OUT_OF_MEMORY_MARKERS = ("std::bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory")


def sampled() -> list[Oracle]:
    """The oracles that run on a share of the tests, each with its --flag."""
    return [oracle for oracle in ORACLES.values() if oracle.default_rate is not None]


def enabled(checks: dict[str, bool]) -> list[Oracle]:
    """The oracles one test runs: those on every test, and the sampled ones its request drew (an
    oracle that rides with others runs only where one of them runs)."""
    return [oracle for oracle in ORACLES.values() if oracle.default_rate is None or (
        checks.get(oracle.name) and (not oracle.rides_with or any(checks.get(o) for o in oracle.rides_with)))]


def judge(result: ExecResult) -> FindingKind | None:
    """The finding kind of a test, or None when it is not a finding."""
    if result.status == Status.EXCEPTION:
        text = f"{result.outcome.message or ''}\n{result.outcome.error or ''}"
        if any(marker in text for marker in _OUT_OF_MEMORY_MARKERS):
            return FindingKind.OOM
    try:
        return FindingKind(result.status.value)
    except ValueError:
        return None

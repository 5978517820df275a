"""The words every part of tzer shares: statuses, finding kinds, stages, verdicts, results, seeds.

Everything else imports this module and nothing here imports the rest of tzer, so a status or a
kind is spelled once. The enums are `str` enums: they travel between processes and into JSON as
their plain values, and compare equal to them.
"""

from __future__ import annotations

import enum
import functools
import json
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar


class _Word(str, enum.Enum):
    def __str__(self) -> str:
        return self.value


class Status(_Word):
    """How one test ended. The worker decides most; the executor adds crash, hang, oom and lost."""

    OK = "ok"
    INVALID = "invalid"  # the mutant is not well-formed: a statistic, not a finding
    NO_MUTATION = "no_mutation"
    BAD_SEED = "bad_seed"  # the function does not parse
    REJECTED = "rejected"  # a pass or the pipeline declined unsupported input: a statistic
    INTERNAL_ERROR = "internal_error"  # a bug in tzer's own worker code
    UNDEFINED_BEHAVIOUR = "undefined_behaviour"  # the test itself is wrong (reference interpreter): a statistic
    EXCEPTION = "exception"
    ILL_FORMED = "ill_formed"
    INCONSISTENCY = "inconsistency"
    NON_IDEMPOTENT = "non_idempotent"
    PERF = "perf"
    CRASH = "crash"
    HANG = "hang"
    OOM = "oom"
    LOST = "lost"  # the worker's host (a Ray actor or node) went away mid-test: counted, never judged
    # Analysis tests (tzer/arith): an answer of TVM's arithmetic analyzer that its own contract
    # refutes at a point of the domain.
    UNSOUND = "unsound"
    # An analysis answer the judge cannot evaluate (a construct of the answer it does not know): a statistic.
    UNJUDGED = "unjudged"


# Each finding kind and its folder in a campaign (AFL++ names where they exist). A kind is spelled
# as the status that produces it.
_FOLDERS = {
    Status.CRASH: "crashes",
    Status.HANG: "hangs",
    Status.OOM: "ooms",
    Status.EXCEPTION: "exceptions",
    Status.INCONSISTENCY: "inconsistencies",
    Status.ILL_FORMED: "ill_formed",
    Status.NON_IDEMPOTENT: "non_idempotent",
    Status.PERF: "perf",
    Status.UNSOUND: "unsound",
}


class _Kind(_Word):
    @property
    def folder(self) -> str:
        return _FOLDERS[Status(self.value)]


FindingKind = _Kind("FindingKind", {status.name: status.value for status in _FOLDERS})
FindingKind.__doc__ = "What a finding is: crash, hang, oom, exception, inconsistency, ill_formed, ..."

# A test with one of these statuses went through the passes and the llvm build: a valid test.
COMPILED = frozenset({Status.OK, Status.INCONSISTENCY, Status.NON_IDEMPOTENT, Status.PERF})
# The two kinds of subject a campaign tests: a TIR function through passes and a build, or one call
# of an arithmetic analysis (tzer/arith).
TIR, ANALYSIS = "tir", "analysis"
# The executor, not the worker, saw these: the worker process is gone and its log tail tells why.
WORKER_GONE = frozenset({Status.CRASH, Status.HANG, Status.OOM})
# A request's check that asks which pass first broke the IR (see tzer.runtime.origin); the
# outcome's details then hold `[pass, problem]` under the same key when one did.
ORIGIN_CHECK = "origin"
# A request's check that asks which component is at fault for its failure (see tzer.oracles.culprit);
# the outcome's details then hold the culprit under the same key.
CULPRIT_CHECK = "culprit"
# The root of a schedule primitive that leaves the function ill-formed, named in the culprit's site:
# one bug whether the verifier after the primitive reports it (ill_formed) or a later step of an
# automatic scheduler fails on it (exception).
ILL_FORMED_OUTPUT = "ill-formed output"
# The root of a defect a culprit's site names by what the pass does wrong to a construct: one bug
# whichever kind of failure shows it (a verifier's complaint, a wrong result).
MISHANDLED = "mishandles"


class Component(_Word):
    """What a culprit is: a pass (the sequence's or the pipeline's), the TVMScript printer or
    parser, a code generator, a shared component a pass calls (`tvm.sym`'s analyzers, constant
    folding, the FFI's JSON serializer); unknown where the evidence stops."""

    PASS = "pass"
    ANALYSIS = "analysis"
    PRINTER = "printer"
    PARSER = "parser"
    CODEGEN = "codegen"
    UNKNOWN = "unknown"


class Stage(_Word):
    """The steps of one test, in order."""

    PARSE = "parse"
    MUTATE = "mutate"
    VERIFY = "verify"
    PASS = "pass"
    COMPILE = "compile"
    RUN = "run"
    COMPARE = "compare"
    ANALYZE = "analyze"  # an analysis test calls TVM's arithmetic analyzer


class Verdict(_Word):
    """Whether a finding reproduced in a clean worker (no coverage, fresh process)."""

    CONFIRMED = "confirmed"  # every re-run failed the same way
    FLAKY = "flaky"  # some re-runs did
    NOT_REPRODUCED = "not_reproduced"  # none did
    NOT_CHECKED = "not_checked"  # confirmation is off, or the mutant's text is unknown
    PENDING = "pending"  # queued; the fuzzer rewrites meta.json when the re-run ends


@dataclass
class Outcome:
    """What the worker observed for one test; crosses the process boundary as a dict."""

    status: Status
    stage: Stage | None = None
    pass_name: str | None = None
    message: str | None = None
    error: str | None = None
    applied_passes: int = 0
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        data["stage"] = self.stage.value if self.stage is not None else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        stage = data.get("stage")
        return cls(**{**data, "status": Status(data["status"]), "stage": Stage(stage) if stage else None})


@dataclass
class ExecResult:
    """One test as the parent saw it: the worker's outcome plus what only the parent can know."""

    status: Status
    outcome: Outcome
    script: str | None = None  # the tested function (the mutant) as TVMScript, once it existed
    mutant_hash: str | None = None
    stage: Stage | None = None  # the last stage the worker announced
    pass_name: str | None = None
    signal: str | None = None
    new_coverage: int = 0
    duration: float = 0.0
    log_tail: str = ""
    hits: Any = None  # indices of the blocks the test reached
    new_indices: Any = None  # those the campaign had not covered before it
    worker: int = 0  # which worker ran it
    # Seconds of the test in each phase, as its worker timed its stages (see progress.phase_of).
    phase_seconds: dict[str, float] = field(default_factory=dict)

    @property
    def where(self) -> tuple[Stage | None, str | None]:
        """Stage and pass of a failure: the worker's own word, else the last stage it announced."""
        return self.outcome.stage or self.stage, self.outcome.pass_name or self.pass_name

    @property
    def compiled(self) -> bool:
        """The test went through its passes and was built (an oracle may have judged the build since)."""
        return self.status in COMPILED or bool(self.outcome.details.get("built"))


@dataclass
class AnalysisFinding:
    """A finding of one analysis test, as the parent records it: which analysis, what it broke
    (`message` for people, `signature_message` for grouping), and how the worker ended."""

    analysis: str
    message: str
    signature_message: str
    error: str | None = None
    signal: str | None = None
    log: str = ""
    details: dict[str, Any] = field(default_factory=dict)


class Stored:
    """A pool entry resumed from the pool journal (tzer/campaign/journal.py) whose other fields stay
    unparsed JSON until one of them is first read: resuming 500,000 entries parses only what a pick
    needs. A dataclass using it is decorated with @lazy_fields below its @dataclass."""

    @classmethod
    def stored(cls: type[_S], state: dict[str, Any], rest: bytes | None, **fixed: Any) -> _S:
        """An entry from its saved `state` and `rest` (the other fields as JSON bytes; None when
        `state` holds them all, fields it lacks then taking their defaults)."""
        entry = cls.__new__(cls)
        if rest is None:
            names = cls.__dataclass_fields__  # type: ignore[attr-defined]
            known = {name: value for name, value in state.items() if name in names}
            missing = {name for name in names.keys() - known.keys() - fixed.keys()
                       if not isinstance(getattr(cls, name, None), property)}
            state = {**{name: _field_default(cls, name) for name in missing}, **known}
        else:
            # The journal's first part: fields only (a key that is no field of cls is never read).
            entry.__dict__["_rest"] = rest
        entry.__dict__.update(state, **fixed)
        return entry

    def __getattr__(self, name: str) -> Any:
        # Reached only for an attribute that is not set: a field a stored entry has not parsed yet.
        rest = self.__dict__.pop("_rest", None)
        if rest is None or name not in type(self).__dataclass_fields__:  # type: ignore[attr-defined]
            if rest is not None:
                self.__dict__["_rest"] = rest
            raise AttributeError(name)
        values = json.loads(rest)
        for missing in type(self).__dataclass_fields__.keys() - self.__dict__.keys():  # type: ignore[attr-defined]
            self.__dict__[missing] = values[missing] if missing in values else _field_default(type(self), missing)
        return self.__dict__[name]


_S = TypeVar("_S", bound=Stored)


def lazy_fields(cls: type[_S]) -> type[_S]:
    """@dataclass leaves each plain default as a class attribute, which would answer for a field a
    stored entry has not parsed yet: remove them (__init__ keeps its defaults in its signature)."""
    for name in cls.__dataclass_fields__.keys() & vars(cls).keys():  # type: ignore[attr-defined]
        if not isinstance(vars(cls)[name], property):
            delattr(cls, name)
    return cls


def _field_default(cls: type, name: str) -> Any:
    """The default of dataclass field `name` (a fresh one where it is mutable); [] for one without."""
    spec = cls.__dataclass_fields__[name]  # type: ignore[attr-defined]
    if spec.default_factory is not MISSING:
        return spec.default_factory()
    return [] if spec.default is MISSING else spec.default


@lazy_fields
@dataclass
class Seed(Stored):
    """One pool entry (F, P, T, N): the function as TVMScript, its pass sequence, its target and its
    stall count."""

    id: int
    script: str
    passes: list[dict[str, Any]]
    target: str = "llvm"
    stall: int = 0
    energy: float = 1.0
    picks: int = 0
    finds: int = 0
    parent: int | None = None
    origin: str = ""
    name: str = ""
    # The sampled checks and rng of the test that put (F, P) in the pool: a recalibration re-runs
    # exactly that test, so that only nondeterminism can make it reach anything new.
    checks: dict[str, bool] = field(default_factory=dict)
    rng: int = 0
    # The structural hash of the function as its last test compiled it ("" until it ran).
    function_hash: str = ""
    # Seconds its test took (0 until it ran): faster entries are picked more often.
    duration: float = 0.0
    # A few of the blocks it brought to the campaign: entries that lead to rarely reached blocks are
    # picked more often (tzer/engine/rarity.py).
    rare_blocks: list[int] = field(default_factory=list)
    # The queue entry folder that holds the script, for an entry resumed from the journal.
    source: str | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> str:
        """The name workers cache this seed's parsed function under."""
        return f"q{self.id}"

    def state(self) -> dict[str, Any]:
        """Everything but the script, which the queue folder holds. The values are the seed's own,
        not copies: the state is written as soon as it is taken, every few seconds, for every entry."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("script", "source")}

    @classmethod
    def from_journal(cls, source: str, state: dict[str, Any], rest: bytes | None = None) -> Seed:
        """The entry of queue folder `source` from the journal; its script is read from `source`
        when first needed, so that resuming a pool of 500,000 entries reads no scripts."""
        return cls.stored(state, rest, _script=None, source=source)

    def release(self, source: str) -> None:
        """The entry is written to the queue folder `source`: read its script from there from now on."""
        self.source, self._script = source, None


def _script(seed: Seed) -> str:
    if seed._script is None:
        return _queued_script(seed.source) if seed.source else ""
    return seed._script


# The scripts of the entries picked lately. An entry's script is read from its queue folder when
# needed, not kept: the pool of a day's campaign would otherwise hold every script it ever queued.
SCRIPT_CACHE = 512


@functools.lru_cache(maxsize=SCRIPT_CACHE)
def _queued_script(source: str) -> str:
    try:
        return Path(source, "func.py").read_text(encoding="utf-8")
    except OSError:
        return ""  # an entry deleted under the campaign: its test fails to parse, and it leaves


def _set_script(seed: Seed, script: str | None) -> None:
    seed._script = script


# After @dataclass, so that __init__'s `self.script = script` goes through the property.
Seed.script = property(_script, _set_script)  # type: ignore[assignment, method-assign]

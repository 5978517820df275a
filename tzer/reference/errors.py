"""Outcomes of a reference run other than a normal return."""

from __future__ import annotations

import enum


class UBKind(enum.Enum):
    out_of_bounds = "out_of_bounds"
    uninitialized_read = "uninitialized_read"
    division_by_zero = "division_by_zero"
    signed_overflow = "signed_overflow"
    # TVM's LLVM backend marks uint32/uint64 add, sub and mul `nuw`: wrapping there is poison too.
    unsigned_overflow = "unsigned_overflow"
    shift_out_of_range = "shift_out_of_range"
    float_to_int_out_of_range = "float_to_int_out_of_range"
    # An argument for which the lowered intrinsic is poison, e.g. clz(0) (ctlz with is_zero_poison).
    intrinsic_domain = "intrinsic_domain"
    race = "race"
    # Threads of one block that do not all reach the same barrier.
    barrier_divergence = "barrier_divergence"
    # Not undefined behaviour in C, but a test no pass can be held to: a block that reads or writes
    # outside the regions its T.reads/T.writes declare, which passes trust to reorder and fuse.
    undeclared_access = "undeclared_access"
    # Likewise: a block that declares a read or write region outside its buffer (T.reads(A[6]) on
    # a buffer of one element), a region no access could have.
    region_out_of_bounds = "region_out_of_bounds"
    # A constant TVM's folder refuses on purpose (division by zero, a literal out of its type's
    # range) in code the run never reaches, found by simplifying the function as written.
    constant_refused = "constant_refused"
    # Not undefined in TIR (an integer cast truncates), but outside what TVM's arithmetic analyses
    # promise anything about: they take a cast to keep its value (tzer/reference/pointwise.py).
    cast_out_of_range = "cast_out_of_range"
    # Not undefined either, but unspecified: the sign and payload of a NaN an operation makes (x86
    # makes a negative one, numpy a positive one), which show once it is reinterpreted as bits
    # (c44's inconsistency-0e09836d: rsqrt(0) * 0).
    nan_bits = "nan_bits"


class InterpreterOutcome(Exception):
    """Base of every exception `interpret` raises on purpose."""


class UndefinedBehaviour(InterpreterOutcome):
    """The program has undefined behaviour: a compiled build may compute anything."""

    def __init__(self, kind: UBKind, message: str) -> None:
        super().__init__(f"{kind.value}: {message}")
        self.kind = kind
        self.message = message


class Unsupported(InterpreterOutcome):
    """The interpreter does not implement `construct` (a node type or an intrinsic name)."""

    def __init__(self, construct: str, detail: str = "") -> None:
        super().__init__(construct + (f" ({detail})" if detail else ""))
        self.construct = construct


class BudgetExceeded(InterpreterOutcome):
    """More loop iterations than the step budget allows."""


class AssertionFailed(InterpreterOutcome):
    """An AssertStmt failed. This is defined behaviour: the compiled function raises an error."""

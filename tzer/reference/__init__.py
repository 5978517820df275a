"""Reference interpreter for TIR that detects undefined behaviour (pure Python + numpy).

    outputs = interpret(func, args)  # args as tzer.runtime.inputs.make_arguments returns them

`outputs` are copies of the buffer arguments after the run, in parameter order, as
`tzer.runners.host.call_main` returns them. Other outcomes are exceptions:
UndefinedBehaviour (with a UBKind), Unsupported (naming the construct), BudgetExceeded and
AssertionFailed (a failed AssertStmt, where the compiled function raises too).

Modules: values (dtype semantics), intrinsics (Call ops), memory (storage, views, race
tracking), access (checked element access), expressions and interpreter (closure compilation),
errors (the outcomes).
"""

from tzer.reference.errors import (
    AssertionFailed,
    BudgetExceeded,
    InterpreterOutcome,
    UBKind,
    UndefinedBehaviour,
    Unsupported,
)
from tzer.reference.interpreter import interpret
from tzer.reference.intrinsics import INEXACT

__all__ = [
    "INEXACT",
    "AssertionFailed",
    "BudgetExceeded",
    "InterpreterOutcome",
    "UBKind",
    "UndefinedBehaviour",
    "Unsupported",
    "interpret",
]

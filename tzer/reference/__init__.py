"""Reference interpreter for TIR that detects undefined behaviour (pure Python + numpy).

    outputs = interpret(func, args)  # args as tzer.execution.inputs.make_arguments returns them
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

__all__ = [
    "AssertionFailed",
    "BudgetExceeded",
    "InterpreterOutcome",
    "UBKind",
    "UndefinedBehaviour",
    "Unsupported",
    "interpret",
]

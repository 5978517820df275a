"""Measure the (construct, context) universe and cache it in tirkit/accepted_constructs.py.

    PYTHONPATH=. python experiments/measure_constructs.py

tirkit.construct_universe builds and judges the probes; this script gives it the reference
interpreter as its judge of undefined behaviour (tirkit, below the fuzzer, cannot import it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from tvm import tirx

from tirkit.construct_universe import measure, write
from tzer.reference import InterpreterOutcome, UndefinedBehaviour, interpret
from tzer.runtime.inputs import NotRunnable, make_arguments

SEEDS = 3


def judge(func: tirx.PrimFunc) -> str | None:
    """Why the reference interpreter does not vouch for `func` on the fuzzer's random inputs."""
    for seed in range(SEEDS):
        try:
            interpret(func, make_arguments(func, np.random.default_rng(seed)))
        except NotRunnable as error:
            return f"not runnable: {error}"
        except UndefinedBehaviour as error:
            return f"undefined behaviour ({error.kind.value}): {str(error).splitlines()[0]}"
        except InterpreterOutcome as error:  # Unsupported, BudgetExceeded, AssertionFailed: no verdict
            return f"interpreter: {type(error).__name__}: {str(error).splitlines()[0]}"
    return None


def main() -> None:
    results = measure(judge)
    target = Path(__file__).resolve().parents[1] / "tirkit" / "accepted_constructs.py"
    write(results, target)
    accepted = sum(reason is None for reason in results.values())
    print(f"{accepted} of {len(results)} (construct, context) pairs accepted, written to {target}", file=sys.stderr)


if __name__ == "__main__":
    main()

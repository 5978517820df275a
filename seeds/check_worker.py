"""The worker side of `seeds.check()`: checks the seed files named on stdin, one JSON answer each.

Run as `python -m seeds.check_worker`; the parent restarts it when running a seed kills it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import tvm
import tvm.s_tir
import tvm_ffi

from seeds.checker import OK
from seeds.errors import first_line
from tzer.execution.inputs import NotRunnable, make_arguments, run_compiled
from tzer.tir.script import from_script, to_script
from tzer.tir.verify import check_well_formed


def check_one(path: Path) -> tuple[str, str]:
    """(status, first error line) of one seed file."""
    source = path.read_text(encoding="utf-8")
    try:
        func = from_script(source)
    except ValueError as err:  # parsed, but not exactly one PrimFunc
        return "parse_error", first_line(err)
    except Exception as err:
        # The parser also checks well-formedness; tell a well-formedness failure from bad syntax.
        try:
            tvm.script.from_source(source, check_well_formed=False)
        except Exception:
            return "parse_error", first_line(err)
        return "ill_formed", first_line(err)
    try:
        check_well_formed(func)
    except Exception as err:
        return "ill_formed", first_line(err)
    try:
        if not tvm_ffi.structural_equal(func, from_script(to_script(func))):
            return "roundtrip_mismatch", "printing and re-parsing gives a different function"
    except Exception as err:
        return "roundtrip_mismatch", first_line(err)
    try:
        executable = tvm.compile(func, target="llvm")
    except Exception as err:
        return "compile_error", first_line(err)
    try:
        args = make_arguments(func, np.random.default_rng(0))
    except NotRunnable as err:
        return "not_runnable", first_line(err)
    try:
        run_compiled(executable, args)
    except Exception as err:
        return "run_error", first_line(err)
    return OK, ""


def _worker_main() -> None:
    # Answers go to a private copy of stdout; fd 1 itself goes to stderr, so that anything native
    # code prints cannot be mistaken for an answer.
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for line in sys.stdin:
        path = Path(line.rstrip("\n"))
        try:
            status, error = check_one(path)
        except Exception as err:  # e.g. an unreadable file: still a status, never a dead worker
            status, error = "parse_error", first_line(err)
        answers.write(json.dumps({"status": status, "error": error}) + "\n")
        answers.flush()


if __name__ == "__main__":
    _worker_main()

"""Which part of an analysis test is at fault when the worker dies: the constraints' entry and exit,
or the analysis call (real TVM, clean workers: the abort takes the process)."""

from tzer.execution.confirm import clean_worker, replay_analysis

X16 = ["var", "uint16", "x"]
# Entering `select(x < 0, 0, x) >= 0` for a uint16 x throws inside ConstraintContext's entry after the
# rewrite simplifier pushed its literals; leaving the first scope then aborts (analyzer.cc).
CONSTRAINTS_ABORT = {"analysis": "try_compare", "exprs": [X16, X16], "options": {},
                     "constraints": [["int", "bool", 1],
                                     ["ge", "bool", ["select", "uint16", ["lt", "bool", X16, ["int", "uint16", 0]],
                                                     ["int", "uint16", 0], X16], ["int", "uint16", 0]]],
                     "variables": [["x", "uint16", 0, 1]]}
# No constraint: the abort comes from the scopes can_prove_equal opens itself.
ANALYSIS_ABORT = {"analysis": "can_prove_equal", "constraints": [], "options": {},
                  "exprs": [["ite", "uint16", ["int", "bool", 0],
                             ["ite", "uint16", ["gt", "bool", ["int", "uint16", 0], ["var", "uint16", "y"]], X16, X16],
                             ["int", "uint16", 0]], X16],
                  "variables": [["x", "uint16", 0, 0], ["y", "uint16", 0, 1]]}


def test_a_crash_the_constraints_bring_alone_is_told_from_one_inside_the_analysis():
    with clean_worker(20.0) as executor:
        for case in (CONSTRAINTS_ABORT, ANALYSIS_ABORT):
            seen = replay_analysis(executor, case, 0)
            assert seen.kind == "crash" and seen.result.signal == "SIGABRT", seen.describe()
        alone = replay_analysis(executor, CONSTRAINTS_ABORT, 0, constraints_only=True)
        assert alone.kind == "crash" and alone.result.signal == "SIGABRT", alone.describe()
        assert replay_analysis(executor, ANALYSIS_ABORT, 0, constraints_only=True).kind is None

"""The three-way oracle: reference interpreter, opt_level=0 build and optimized build, in process."""

import tvm

from tirkit.script import from_script
from tzer.execution.harness import Harness
from tzer.oracles.reference import PIPELINE
from tzer.vocabulary import Stage, Status

DOUBLE = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i] = A[i] * 2
'''

UNINITIALISED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    L = T.alloc_buffer((8,), "int32")
    for i in range(7):
        L[i] = A[i]
    for i in range(8):
        B[i] = L[i] + 1
'''

RUN_BUILDS = {"differential": True, "reference": True}


def run(source, checks, passes=()):
    return Harness(report=lambda _event: None).run(from_script(source), list(passes), checks, 0)


def plant_miscompile(monkeypatch, only_opt_level=None):
    """Make tvm.compile turn `* 2` into `* 3`, as a buggy pass of the default pipeline would."""
    original = tvm.compile

    def miscompiling(mod, target):
        level = tvm.transform.PassContext.current().opt_level
        if only_opt_level is None or level == only_opt_level:
            wrong = from_script(mod["main"].script().replace("* 2", "* 3"))
            mod = tvm.IRModule({"main": wrong.with_attr("global_symbol", "main")})
        return original(mod, target=target)

    monkeypatch.setattr(tvm, "compile", miscompiling)


def test_a_test_with_undefined_behaviour_is_rejected_before_any_build_runs():
    outcome = run(UNINITIALISED, RUN_BUILDS)
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR and outcome.stage == Stage.RUN
    assert outcome.details["undefined_behaviour"] == "uninitialized_read"
    assert "L" in outcome.message


def test_a_correct_function_passes_all_three_ways():
    outcome = run(DOUBLE, RUN_BUILDS, [{"name": "tirx.UnrollLoop", "config": {"auto_max_step": 8}}])
    assert outcome.status == Status.OK and "undefined_behaviour" not in outcome.details


def test_a_miscompile_both_builds_share_is_caught_only_by_the_reference(monkeypatch):
    plant_miscompile(monkeypatch)
    two_way = run(DOUBLE, {"differential": True})
    assert two_way.status == Status.OK  # both builds agree on the wrong answer
    three_way = run(DOUBLE, RUN_BUILDS)
    assert three_way.status == Status.INCONSISTENCY and three_way.pass_name == PIPELINE
    assert three_way.message.startswith("against the reference interpreter: buffer argument 1 differs")


def test_a_miscompile_of_the_optimized_build_names_where_it_happens(monkeypatch):
    plant_miscompile(monkeypatch, only_opt_level=3)
    outcome = run(DOUBLE, RUN_BUILDS, [{"name": "tirx.RemoveNoOp"}])
    assert outcome.status == Status.INCONSISTENCY
    assert outcome.pass_name == "default pipeline (opt_level=3)"


def test_without_the_reference_the_differential_oracle_judges_alone():
    outcome = run(UNINITIALISED, {"differential": True, "reference": False})
    assert outcome.status != Status.UNDEFINED_BEHAVIOUR


def test_the_repro_compares_both_builds_with_the_interpreters_expectation(tmp_path):
    import subprocess
    import sys

    from tzer.triage.finding import Case
    from tzer.triage.repro import repro_script

    meta = {"kind": "inconsistency", "oracle": "reference", "rng": 0, "pass": PIPELINE, "stage": "compare",
            "message": "against the reference interpreter"}
    script = repro_script(Case(DOUBLE, []), meta, "0.27.0.post1")
    fixed = tmp_path / "fixed.py"
    fixed.write_text(script)
    done = subprocess.run([sys.executable, str(fixed)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "seems fixed" in done.stdout, done.stderr
    # The same expectation against a function that computes something else: both builds are "wrong".
    broken = tmp_path / "broken.py"
    broken.write_text(script.replace("A[i] * 2", "A[i] * 3", 1))
    done = subprocess.run([sys.executable, str(broken)], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "the opt_level=0 build is wrong" in done.stderr


ZERO_DIVISOR = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i] // (i - i)
"""


def test_tvm_refusing_a_test_with_undefined_behaviour_is_no_finding():
    # TVM's constant folder refuses the division by zero on purpose: the test is invalid, whatever
    # oracle was drawn, and the exception it replaced is kept for the record.
    outcome = Harness(report=lambda _e: None).run(from_script(ZERO_DIVISOR), [], {}, 1)
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR
    assert outcome.details["undefined_behaviour"] == "division_by_zero"
    assert "Divide by zero" in outcome.details["instead_of"]


DEAD_ZERO_DIVISOR = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i]
        if A[i] > 100:
            B[i] = A[i] // (i - i)
"""


def test_a_constant_tvm_refuses_in_code_that_never_runs_is_the_tests_fault():
    # Inputs stay below 100, so the interpreter never divides; TVM's folder still refuses `// 0`.
    outcome = Harness(report=lambda _e: None).run(from_script(DEAD_ZERO_DIVISOR), [], {}, 1)
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR
    assert outcome.details["undefined_behaviour"] == "constant_refused"


# c30g's exception-5e90900c: the one thread computes uint16(0) - uint16(1). The hardware wraps, but
# once the simplifier knows threadIdx.x is 0 the folder refuses the negative uint on purpose.
UINT_BELOW_ZERO = """
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1,), "int64")):
    threadIdx_x = T.launch_thread("threadIdx.x", 1)
    A[0] = T.Cast("int64", T.Cast("uint16", threadIdx_x) - T.uint16(1))
"""


def test_a_narrow_uint_below_zero_that_tvm_folds_and_refuses_is_the_tests_fault():
    outcome = Harness(report=lambda _e: None).run(from_script(UINT_BELOW_ZERO), [], {}, 1, "cuda")
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR, outcome
    assert outcome.details["undefined_behaviour"] == "unsigned_overflow"
    assert "Minuend 's value is 0U" in outcome.details["instead_of"]


LIBM_BITS = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i] = T.reinterpret("int32", T.exp(A[i] + T.Cast("float32", i * 2)))
'''


ROUNDED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = T.nearbyint(T.exp(A[i]))
'''


def test_a_test_that_turns_the_last_bits_of_libm_into_its_output_is_not_compared(monkeypatch):
    from tzer.oracles.reference import libm_bits_matter

    assert libm_bits_matter(from_script(LIBM_BITS))
    assert not libm_bits_matter(from_script(LIBM_BITS.replace("T.exp", "T.sqrt")))
    assert libm_bits_matter(from_script(LIBM_BITS.replace('T.reinterpret("int32", ', 'T.Cast("int32", ')))
    assert libm_bits_matter(from_script(ROUNDED))
    plant_miscompile(monkeypatch)  # every bit of the output changes, and still no finding
    outcome = run(LIBM_BITS, RUN_BUILDS)
    assert outcome.status == Status.OK
    assert outcome.details["reference"].startswith("not compared")


SHIFT_INTO_LITERAL = '''# from tvm.script import tirx as T

@T.prim_func
def main(S: T.Buffer((1, 1, 1, 1), "float32")):
    V = S.view(9, 4)
    V[8, 8 << T.FloorMod(-2, 32)] = T.float32(0.0)
'''


def test_ill_formed_output_of_a_test_with_undefined_behaviour_is_the_tests_fault():
    # 8 << 30 overflows int32; LowerIntrin folds it into a literal that cannot even be printed.
    passes = [{"name": "tirx.BindTarget"}, {"name": "tirx.LowerIntrin"}]
    outcome = run(SHIFT_INTO_LITERAL, {}, passes)
    assert outcome.status == Status.UNDEFINED_BEHAVIOUR
    assert outcome.details["undefined_behaviour"] == "signed_overflow"
    assert outcome.details["instead_of"].startswith("ill_formed")


# min(-0.0, +0.0) may be either zero (LLVM's minnum): a hexagon build gave -7 where the
# interpreter gives 7 (c34's queue/id_007963).
ZERO_SIGN = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = T.copysign(T.Cast("float32", i * 2), T.min(A[i], T.float32(0)))
'''


def test_a_test_that_copies_the_sign_of_a_float_min_or_max_is_not_compared(monkeypatch):
    from tzer.oracles.reference import zero_sign_matters

    assert zero_sign_matters(from_script(ZERO_SIGN))
    assert zero_sign_matters(from_script(ZERO_SIGN.replace("T.min", "T.max")))
    assert not zero_sign_matters(from_script(ZERO_SIGN.replace("T.min(A[i], T.float32(0))", "A[i]")))
    plant_miscompile(monkeypatch)  # the magnitude changes, and still no finding
    outcome = run(ZERO_SIGN, RUN_BUILDS)
    assert outcome.status == Status.OK
    assert outcome.details["reference"].startswith("not compared: a sign copied from a float min or max")

"""Builds for other CPUs run under qemu-user and are judged like the host's: a miscompile planted in
one target's optimized build only is caught there, and the same function without it agrees."""

import numpy as np
import pytest
import tvm
import tvm_ffi
from tvm import tirx

from tirkit.script import from_script
from tzer import runners, targets
from tzer.execution.harness import Harness
from tzer.runners.base import Plan
from tzer.runners.qemu import decode_outputs, encode_arguments
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import Status

# Floats, integers, a scalar, a parallel loop (the harness's launcher) and a large allocation (its
# workspace allocator): what a build needs of the harness, in both byte orders.
FUNCTION = """
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "int32"), C: T.Buffer((16,), "float32"), n: T.int32):
    big = T.alloc_buffer((50000,), "float32")
    for i in T.parallel(16):
        C[i] = A[i] * T.float32(2) + T.float32(1)
    for j in range(50000):
        big[j] = A[j % 16]
    for k in range(16):
        B[k] = B[k] * 3 + n + T.Cast("int32", big[49999 - k] * T.float32(0))
"""

# One target of each CPU family that qemu-user runs, little- and big-endian, 32- and 64-bit.
FAMILIES = ["llvm-aarch64", "llvm-riscv64-v", "llvm-armv7a", "llvm-ppc64le", "llvm-ppc64", "llvm-ppc32",
            "llvm-s390x", "llvm-mips64", "llvm-mips32", "llvm-sparcv9", "llvm-sparc32", "llvm-i686"]
CHECKS = {"reference": True, "differential": True, "vector_length": True}


def runs_under_qemu(name: str) -> bool:
    answer = runners.placement(targets.get(name))
    return isinstance(answer, Plan) and answer.runner == "qemu"


def needs_qemu(name: str) -> None:
    if not runs_under_qemu(name):
        pytest.skip(f"{name} does not run here: {runners.why_not(targets.get(name))}")


@pytest.fixture
def plant(monkeypatch):
    """Plant a miscompile in the optimized build of one target: `rewrite` changes the function
    just before tvm.compile, for that target at opt_level=3 only."""

    def install(target: str, rewrite) -> None:
        compile_for_real = TestRun.compile

        def compile_planted(self, mod, opt_level):
            if self.target.name == target and opt_level == 3:
                mod = tvm.IRModule({"main": rewrite(mod["main"])})
            return compile_for_real(self, mod, opt_level)

        monkeypatch.setattr(TestRun, "compile", compile_planted)

    return install


def replace_constant(old: float, new):
    """A rewrite that turns every float constant `old` into `new(func)`."""

    def rewrite(func):
        def swap(node):
            return new() if float(node.value) == old else node

        return func.with_body(tvm_ffi.structural_map(func.body, (tirx.FloatImm, swap)))

    return rewrite


def judge(script: str, target: str):
    return Harness(report=lambda _event: None).run(from_script(script), [], dict(CHECKS), 3, target)


@pytest.mark.parametrize("target", FAMILIES)
def test_a_cross_build_runs_under_qemu_and_agrees_with_the_reference(target):
    needs_qemu(target)
    outcome = judge(FUNCTION, target)
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "agreed"


@pytest.mark.parametrize("target", FAMILIES)
def test_a_miscompile_planted_in_one_targets_build_is_caught_there_only(target, plant):
    needs_qemu(target)
    plant(target, replace_constant(1.0, lambda: tirx.FloatImm("float32", 3.0)))
    host = judge(FUNCTION, targets.HOST)
    assert host.status == Status.OK, host.message
    outcome = judge(FUNCTION, target)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    assert "buffer argument 2 differs" in outcome.message
    assert outcome.pass_name == "default pipeline (opt_level=3)"
    assert outcome.details["run"] == "differ"


@pytest.mark.parametrize("target", ["llvm-aarch64-sve", "llvm-riscv64-v"])
def test_the_vector_length_oracle_catches_a_result_that_depends_on_the_vector_length(target, plant):
    """The planted build adds vscale / (its value at the default length) instead of 1: right at the
    default vector length, which the reference oracle checks, wrong at every other."""
    needs_qemu(target)
    default = runners.default_vscale(targets.get(target))

    def vscale_dependent():
        return tirx.Div(tirx.Cast("float32", tirx.vscale()), tirx.FloatImm("float32", float(default)))

    plant(target, replace_constant(1.0, vscale_dependent))
    outcome = judge(FUNCTION, target)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    assert outcome.details["oracle"] == "vector_length"
    assert outcome.details["variant"] == runners.variants(targets.get(target))[1].name


SCALABLE = """
@T.prim_func
def main(A: T.Buffer((30,), "float32"), B: T.Buffer((30,), "float32")):
    for i_0 in range(T.ceildiv(30, 4 * T.vscale())):
        for i_1 in T.vectorized(4 * T.vscale()):
            if i_0 * 4 * T.vscale() + i_1 < 30:
                B[i_0 * 4 * T.vscale() + i_1] = A[i_0 * 4 * T.vscale() + i_1] + T.float32(1)
"""


@pytest.mark.parametrize("target", ["llvm-aarch64-sve", "llvm-riscv64-v"])
def test_scalable_vector_code_runs_at_every_vector_length(target):
    needs_qemu(target)
    outcome = judge(SCALABLE, target)
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "agreed"


def test_a_target_without_scalable_vectors_refuses_them_before_compiling():
    outcome = judge(SCALABLE, targets.HOST)
    assert outcome.status == Status.REJECTED
    assert outcome.message == "llvm has no scalable vectors (T.vscale())"


@pytest.mark.parametrize("big_endian", [False, True])
def test_arguments_travel_in_the_targets_byte_order(big_endian):
    args = [np.arange(6, dtype="float16").reshape(2, 3), np.array([True, False]), np.arange(3, dtype="int64"), 7,
            -0.5, True]
    encoded = encode_arguments(args, big_endian)
    assert encoded.startswith(b"TZER1 6\nT 2 16 1 2 2 3 12\n")
    assert b"F -0x1.0000000000000p-1\n" in encoded and b"B 1\n" in encoded
    tensors = b"".join(a.astype(a.dtype.newbyteorder(">" if big_endian else "<")).tobytes()
                       for a in args if isinstance(a, np.ndarray))
    back = decode_outputs(tensors, args, big_endian)
    for want, got in zip([a for a in args if isinstance(a, np.ndarray)], back, strict=True):
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype


# A packed call: only TVM's runtime can look the function up, and none runs under qemu-user.
PACKED = """
@T.prim_func
def main(data: T.Buffer((10,), "float32"), indices: T.Buffer((2,), "int64")):
    T.call_packed("tvm.contrib.sort.topk", T.tvm_stack_make_array(data.data, T.tvm_stack_make_shape(10), 0, 1,
                  T.float32(0), 0), T.tvm_stack_make_array(indices.data, T.tvm_stack_make_shape(2), 0, 1,
                  T.int64(0), 0), 2, -1, "indices", T.bool(True))
"""


def test_a_build_that_calls_a_packed_function_is_not_run_under_qemu():
    needs_qemu("llvm-aarch64")
    outcome = judge(PACKED, "llvm-aarch64")
    assert outcome.status == Status.OK, outcome.message
    assert outcome.details["run"] == "runner_error"
    assert "calls a packed function, which needs TVM's runtime" in outcome.details["runner_error"]


def test_the_repro_of_a_cross_build_runs_it_under_qemu_and_passes_where_it_agrees(tmp_path):
    from tzer.triage.finding import Case
    from tzer.triage.repro import repro_script, run_repro

    needs_qemu("llvm-aarch64")
    meta = {"kind": "inconsistency", "oracle": "reference", "target": "llvm-aarch64", "stage": "compare", "rng": 3,
            "pass": "default pipeline or codegen", "message": "wrong"}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(from_script(FUNCTION).script(), []), meta, "0.27.0.post1"))
    code, output = run_repro(path, 120)
    # The build is right: the repro links it, runs it under qemu-aarch64 and finds no failure.
    assert code == 0, output


# qemu-riscv64 7.2 fails its own assertion translating the RVV code LLVM makes of a vectorized trunc.
QEMU_ASSERTS = """
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), compute: T.Buffer((4, 8), "float32")):
    for i0, i1 in T.grid(2, 2):
        compute[i0, i1] = T.trunc(A[i0, i1])
"""


def test_an_emulator_that_fails_its_own_check_is_no_finding():
    needs_qemu("llvm-riscv64-zvfh")
    outcome = judge(QEMU_ASSERTS, "llvm-riscv64-zvfh")
    assert outcome.status == Status.OK, outcome.message
    if outcome.details["run"] == "runner_error":
        assert "failed its own check" in outcome.details["runner_error"]
    else:
        # A qemu without that bug runs the build, which is right.
        assert outcome.details["run"] == "agreed"


# Zig links the builds of the CPUs Debian 12 has no cross compiler for.
ZIG_LINKED = ["llvm-loongarch64", "llvm-hexagon"]
COUNT = """
@T.prim_func
def main(A: T.Buffer((24,), "int32"), B: T.Buffer((24,), "int32"), n: T.int32):
    for i in range(24):
        B[i] = A[i] * 3 + n
"""


def shorten_loops(func):
    """An off-by-one in every loop bound: the last iteration is dropped."""

    def shorten(loop):
        return tirx.For(loop.loop_var, loop.min, loop.extent - 1, loop.kind, loop.body, loop.thread_binding,
                        loop.annotations, loop.step)

    return func.with_body(tvm_ffi.structural_map(func.body, (tirx.For, shorten)))


@pytest.mark.parametrize("target", ZIG_LINKED)
def test_a_zig_linked_build_runs_under_qemu_and_an_off_by_one_planted_in_it_is_caught(target, plant):
    needs_qemu(target)
    right = judge(COUNT, target)
    assert right.status == Status.OK, right.message
    assert right.details["run"] == "agreed"
    plant(target, shorten_loops)
    host = judge(COUNT, targets.HOST)
    assert host.status == Status.OK, host.message
    outcome = judge(COUNT, target)
    assert outcome.status == Status.INCONSISTENCY, outcome.message
    assert "buffer argument 1 differs" in outcome.message
    assert outcome.details["run"] == "differ"

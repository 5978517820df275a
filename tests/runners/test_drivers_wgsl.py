"""The WGSL kernels of real `webgpu` builds run on lavapipe through wgpu, launched as TVM's WebGPU
runtime launches them, and agree with numpy: grids and thread blocks, scalar arguments in the
PODArgs uniform, several kernels sharing memory, a shared-memory reduction with barriers, and a
blockIdx.x grid too large for one dispatch dimension. What the platform cannot run is tzer's
limit (PlatformLimit); WGSL that does not compile is the build's failure (SourceRefused)."""

import numpy as np
import pytest
import tvm

from tirkit.script import from_script
from tzer.drivers import wgsl
from tzer.drivers.program import PlatformLimit, SourceRefused
from tzer.runners.launch import KeepSplit, launches

ELEMENTWISE = """
@T.prim_func
def main(A: T.Buffer((4, 48), "float32"), B: T.Buffer((4, 48), "float32")):
    for bx in T.thread_binding(4, "blockIdx.x"):
        for tx in T.thread_binding(48, "threadIdx.x"):
            B[bx, tx] = A[bx, tx] * T.float32(3) - T.Cast("float32", bx * 100 + tx)
"""

# Scalars of both kinds, used so that swapping them, or reading either as the other's type, shows.
SCALARS = """
@T.prim_func
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"), C: T.Buffer((32,), "int32"),
         n: T.int32, x: T.float32):
    for bx in T.thread_binding(2, "blockIdx.x"):
        for tx in T.thread_binding(16, "threadIdx.x"):
            B[bx * 16 + tx] = A[bx * 16 + tx] * x + T.Cast("float32", n)
            C[bx * 16 + tx] = n * (bx * 16 + tx)
"""

# Two kernels: the second reads, in another order and another thread shape, what the first wrote
# to a host-allocated intermediate buffer.
TWO_KERNELS = """
@T.prim_func
def main(A: T.Buffer((2, 96), "float32"), C: T.Buffer((2, 96), "float32"), n: T.int32):
    B = T.alloc_buffer((2, 96), "float32")
    for by in T.thread_binding(2, "blockIdx.y"):
        for bx in T.thread_binding(3, "blockIdx.x"):
            for tx in T.thread_binding(32, "threadIdx.x"):
                B[by, bx * 32 + tx] = A[by, bx * 32 + tx] + T.Cast("float32", n)
    for bx in T.thread_binding(2, "blockIdx.x"):
        for tx in T.thread_binding(96, "threadIdx.x"):
            C[bx, tx] = B[bx, 95 - tx] * T.float32(2)
"""

# A tree reduction in workgroup memory: each step reads what other threads wrote before the barrier.
REDUCTION = """
@T.prim_func
def main(A: T.Buffer((256,), "int32"), B: T.Buffer((4,), "int32")):
    for bx in T.thread_binding(4, "blockIdx.x"):
        S = T.alloc_buffer((64,), "int32", scope="shared")
        for tx in T.thread_binding(64, "threadIdx.x"):
            S[tx] = A[bx * 64 + tx]
            T.tvm_storage_sync("shared")
            for s in range(6):
                if tx < T.shift_right(32, s):
                    S[tx] = S[tx] + S[tx + T.shift_right(32, s)]
                T.tvm_storage_sync("shared")
            if tx == 0:
                B[bx] = S[0]
"""

# More blocks than one dispatch dimension holds (65535): the runtime spreads them over z. The odd
# count makes the split pad, so one block past the grid passes the kernel's `>` guard.
LARGE_GRID_BLOCKS = 100_001
LARGE_GRID = f"""
@T.prim_func
def main(B: T.Buffer(({LARGE_GRID_BLOCKS * 2},), "int32")):
    for bx in T.thread_binding({LARGE_GRID_BLOCKS}, "blockIdx.x"):
        for tx in T.thread_binding(2, "threadIdx.x"):
            B[bx * 2 + tx] = bx * 3 + tx
"""

# One thread's serial loop of `n` iterations: past llvmpipe's loop cap its result would be wrong.
SERIAL_LOOP = """
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((8,), "int32"), n: T.int32):
    for tx in T.thread_binding(8, "threadIdx.x"):
        B[tx] = 0
        for i in range(n):
            B[tx] = B[tx] + A[(i + tx) % 16]
"""

INT8 = """
@T.prim_func
def main(A: T.Buffer((8,), "int8"), B: T.Buffer((8,), "int8")):
    for tx in T.thread_binding(8, "threadIdx.x"):
        B[tx] = A[tx] + T.int8(1)
"""

# The same build twice: the second run reuses the cached shader of the first, on new memory.
FLOAT16 = """
@T.prim_func
def main(A: T.Buffer((64,), "float16"), B: T.Buffer((64,), "float16")):
    for bx in T.thread_binding(2, "blockIdx.x"):
        for tx in T.thread_binding(32, "threadIdx.x"):
            B[bx * 32 + tx] = A[bx * 32 + tx] * T.float16(0.5) + T.float16(1)
"""


@pytest.fixture(scope="module", autouse=True)
def lavapipe():
    problem = wgsl.problem()
    if problem is not None:
        pytest.skip(f"no WebGPU device here: {problem}")


def build(script: str):
    """The build's WGSL and its module after SplitHostDevice."""
    keep = KeepSplit()
    with tvm.transform.PassContext(instruments=[keep]):
        executable = tvm.compile(
            tvm.IRModule({"main": from_script(script)}), target=tvm.target.Target("webgpu", host="llvm")
        )
    return executable.mod.imports[0].inspect_source(), keep.split


def run(script: str, args, source_edit=None):
    """Every buffer argument (and host allocation) after the build ran on `args`."""
    source, split = build(script)
    program = launches(split, args)
    wgsl.run_wgsl(source if source_edit is None else source_edit(source), program)
    return program.memory


def test_an_elementwise_kernel_runs_over_its_blocks_and_threads():
    a = np.random.default_rng(1).standard_normal((4, 48)).astype(np.float32)
    _, b = run(ELEMENTWISE, [a, np.zeros((4, 48), np.float32)])
    expected = a * 3 - (np.arange(4)[:, None] * 100 + np.arange(48)).astype(np.float32)
    np.testing.assert_allclose(b, expected, rtol=1e-6)


def test_int32_and_float32_scalars_reach_the_kernel_through_podargs():
    a = np.arange(32, dtype=np.float32)
    _, b, c = run(SCALARS, [a, np.zeros(32, np.float32), np.zeros(32, np.int32), -7, 0.375])
    np.testing.assert_allclose(b, a * np.float32(0.375) - 7)
    np.testing.assert_array_equal(c, -7 * np.arange(32))


def test_two_kernels_share_memory_the_second_reading_what_the_first_wrote():
    a = np.random.default_rng(2).standard_normal((2, 96)).astype(np.float32)
    memory = run(TWO_KERNELS, [a, np.zeros((2, 96), np.float32), 5])
    source, _ = build(TWO_KERNELS)
    assert len(wgsl.split_wgsl(source)) == 2
    np.testing.assert_allclose(memory[1], (a + 5)[:, ::-1] * 2, rtol=1e-6)


def test_a_shared_memory_reduction_with_barriers_sums_each_block():
    a = np.random.default_rng(3).integers(-1000, 1000, 256).astype(np.int32)
    _, b = run(REDUCTION, [a, np.zeros(4, np.int32)])
    np.testing.assert_array_equal(b, a.reshape(4, 64).sum(axis=1))


def test_a_removed_barrier_changes_the_reduction():
    """The barrier is what makes the reduction right: without it the threads of a block race."""
    a = np.ones(256, np.int32)
    _, b = run(REDUCTION, [a, np.zeros(4, np.int32)], lambda source: source.replace("workgroupBarrier();", ""))
    assert not np.array_equal(b, np.full(4, 64))


def test_a_blockidx_x_grid_over_65535_is_spread_over_z_as_tvms_runtime_does():
    (b,) = run(LARGE_GRID, [np.full(LARGE_GRID_BLOCKS * 2, -1, np.int32)])
    blocks = np.repeat(np.arange(LARGE_GRID_BLOCKS), 2)
    np.testing.assert_array_equal(b, blocks * 3 + np.tile([0, 1], LARGE_GRID_BLOCKS))


def test_float16_buffers_run_with_the_shader_f16_feature():
    a = np.linspace(-4, 4, 64).astype(np.float16)
    for scale in (1, 2):
        _, b = run(FLOAT16, [a * np.float16(scale), np.zeros(64, np.float16)])
        np.testing.assert_array_equal(b, a * np.float16(scale) * np.float16(0.5) + np.float16(1))


def test_loops_within_llvmpipes_cap_run_and_longer_ones_are_refused():
    a = np.arange(16, dtype=np.int32)
    _, b = run(SERIAL_LOOP, [a, np.zeros(8, np.int32), 3000])
    np.testing.assert_array_equal(b, [a[(np.arange(3000) + t) % 16].sum() for t in range(8)])
    # 70000 iterations would stop at 65535 and give a wrong sum: refused, not judged.
    with pytest.raises(PlatformLimit, match="llvmpipe"):
        run(SERIAL_LOOP, [a, np.zeros(8, np.int32), 70000])


def test_wgsl_that_does_not_compile_is_the_builds_failure():
    def type_error(source):
        return source.replace("B_ptr[", "let broken : f32 = 1i;\n  B_ptr[", 1)

    with pytest.raises(SourceRefused, match="does not compile: .*i32"):
        run(ELEMENTWISE, [np.zeros((4, 48), np.float32), np.zeros((4, 48), np.float32)], type_error)


def test_int8_buffers_which_wgsl_cannot_declare_are_the_platforms_limit():
    with pytest.raises(PlatformLimit, match="WGSL has no type i8"):
        run(INT8, [np.zeros(8, np.int8), np.zeros(8, np.int8)])


def test_a_run_past_its_timeout_is_the_platforms_limit_and_the_next_run_works():
    source, split = build(SERIAL_LOOP)
    a = np.arange(16, dtype=np.int32)
    # Long enough that no scheduling of the waiting thread sees it done at once, on a loaded machine too.
    with pytest.raises(PlatformLimit, match="within"):
        wgsl.run_wgsl(source, launches(split, [a, np.zeros(8, np.int32), 2_000_000]), timeout=0.0)
    program = launches(split, [a, np.zeros(8, np.int32), 4])
    wgsl.run_wgsl(source, program)
    np.testing.assert_array_equal(program.memory[1], [a[(np.arange(4) + t) % 16].sum() for t in range(8)])

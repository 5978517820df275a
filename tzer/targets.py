"""The targets a test can compile for: every one the installed TVM wheel can build on this machine.

A test's target is the third part of a seed, after its function and its pass sequence. Where a
target's builds run (this process, another CPU under qemu-user, a GPU) is for the runners to
say (tzer/runners/); here each target is what TVM builds: its spec, what its code generator emits,
and the messages by which it declines what it does not support. `c` goes through the system C
compiler, a second code generator independent of LLVM. Which targets work is found at start by
building a tiny function for each, as the pass registry is read from the installed TVM.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tvm
import tvm_ffi
from tvm import tirx

from tirkit.nodes import EXTERN, Needs, needs
from tirkit.script import from_script
from tirkit.threads import bind_threads
from tzer.environment import silenced

HOST = "llvm"


def find_cuda_toolkit() -> None:
    """Point TVM at CUDA's libdevice, which its nvptx target links into every kernel.

    TVM looks in CUDA_PATH, else two folders above `which nvcc`: where nvcc on the PATH is a
    wrapper script (as /usr/local/bin/nvcc is on this project's machines) that guess misses the
    toolkit in /usr/local/cuda. Set here, at import, so that every process that compiles (the
    campaign's workers, showmap's, triage's) finds it alike; repro.py of an nvptx bug carries it."""
    toolkit = Path("/usr/local/cuda")
    if "CUDA_PATH" not in os.environ and (toolkit / "nvvm" / "libdevice").is_dir():
        os.environ["CUDA_PATH"] = str(toolkit)


# What this process itself put in its environment: a repro.py run "on its own" must do without it.
SET_HERE = frozenset() if "CUDA_PATH" in os.environ else frozenset({"CUDA_PATH"})
find_cuda_toolkit()


def rocm_without_rocm() -> None:
    """Let the rocm target build where ROCm is not installed.

    TVM's rocm build links ROCm's device libraries (math functions) into the kernel's LLVM module
    and then the object into a code object with ROCm's ld.lld, through two Python callbacks.
    Without ROCm, these stand-ins link no library (calls to device math stay external symbols)
    and keep the object as it is: TVM's AMDGPU code generator and LLVM's AMDGPU back end, which
    produce the kernel's assembly, run as they would; only the final packaging is skipped.
    repro.py of a rocm bug carries it."""
    import tvm.support.rocm
    import tvm_ffi

    try:
        tvm.support.rocm.find_rocm_path()
        return
    except RuntimeError:
        pass
    tvm_ffi.register_global_func("tvm_callback_rocm_bitcode_path", lambda rocdl_dir=None: [], override=True)
    tvm_ffi.register_global_func("tvm_callback_rocm_link", lambda obj: obj, override=True)


rocm_without_rocm()


@dataclass(frozen=True)
class Limits:
    """What a target's code generator lacks, by cause: a test that needs it is refused before it
    compiles (a rejection, not a bug), or built the way TVM's own flows build the target (`config`).

    `dtypes`: element types it has no type for; `lanes`: the vector widths it has (None: any);
    `pairs`: (operator, dtype) it has no lowering for; `scalable`: whether it has scalable vectors
    (T.vscale()); `parallel`: whether it has parallel loops; `opaque_pointers`: whether a kernel can
    take a T.handle (WGSL binds typed storage buffers only); `scopes`: storage scopes it has no
    memory for; `cuda_intrinsics`: whether it has NVIDIA's PTX intrinsics (async copies,
    `ldmatrix`, `mma`), which CodeGenCUDA alone writes, as inline PTX; `externs`: whether its
    kernels can call a function by name (WGSL has no external functions); `c_math_missing`: element
    types it has no C math library function for; `config`: the PassContext config
    TVM's own flows compile it with; `unrolled`: the most iterations of one unrolled nest it builds
    within a test's time."""

    dtypes: frozenset[str] = frozenset()
    lanes: frozenset[int] | None = None
    pairs: frozenset[tuple[str, str]] = frozenset()
    scalable: bool = False
    parallel: bool = True
    opaque_pointers: bool = True
    scopes: frozenset[str] = frozenset()
    cuda_intrinsics: bool = False
    externs: bool = True
    # Element types for which its language lacks C's math library (`expm1f`, which tzer calls
    # through call_pure_extern): OpenCL C and Metal overload `expm1` instead, WGSL has neither.
    c_math_missing: frozenset[str] = frozenset()
    config: tuple[tuple[str, Any], ...] = ()
    # Iterations of one nest of unrolled loops past which a build takes longer than a test may:
    # LLVM copies the body each time (c41's hang-f2151592: UnrollLoop marked an 18,432-iteration
    # nest, which compiles in 163 s, by the test's own configuration).
    unrolled: int = 1024

    def refusal(self, name: str, wanted: Needs) -> str | None:
        """Why target `name` cannot compile a function that needs `wanted`; None when it can."""
        lacking = sorted(wanted.dtypes & self.dtypes)
        if lacking:
            return f"{name} has no {', '.join(lacking)} type"
        if self.lanes is not None and not wanted.lanes <= self.lanes:
            if not self.lanes:
                return f"{name} has no vector types"
            widths = ", ".join(str(n) for n in sorted(wanted.lanes - self.lanes))
            return f"{name} has no vectors of {widths} lanes (it has {', '.join(map(str, sorted(self.lanes)))})"
        unlowered = sorted(wanted.pairs & self.pairs)
        if unlowered:
            return f"{name} cannot lower {', '.join(f'{op} on {dtype}' for op, dtype in unlowered)}"
        c_math = sorted(f"{op.removeprefix(EXTERN)} on {dtype}" for op, dtype in wanted.pairs
                        if op.startswith(EXTERN) and dtype in self.c_math_missing)
        if c_math:
            return f"{name} has no C math library function {', '.join(c_math)}"
        if wanted.externs and not self.externs:
            return f"{name} cannot call an external function ({', '.join(sorted(wanted.externs))})"
        if wanted.scalable and not self.scalable:
            return f"{name} has no scalable vectors (T.vscale())"
        if wanted.parallel and not self.parallel:
            return f"{name} has no parallel loops"
        if wanted.opaque_pointers and not self.opaque_pointers:
            return f"{name} cannot pass an opaque pointer (T.handle) to a kernel: its buffers need an element type"
        if wanted.scopes & self.scopes:
            return f"{name} has no {', '.join(sorted(wanted.scopes & self.scopes))} memory"
        if wanted.cuda_ops and not self.cuda_intrinsics:
            return (f"{name} has no NVIDIA PTX intrinsics, CUDA launch modes or TIRx tile programs "
                    f"({', '.join(sorted(wanted.cuda_ops))})")
        if wanted.unrolled > self.unrolled:
            return f"{name} would unroll {wanted.unrolled} loop iterations (more than {self.unrolled}): a slow build"
        return None


# Every 8-bit float format, and bfloat16: only some code generators have them.
_SMALL_FLOATS = frozenset({"bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
                           "float8_e8m0fnu", "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn"})


@dataclass(frozen=True)
class TargetInfo:
    """One target: `spec` is what `tvm.target.Target` takes; `output` what its code generator emits."""

    name: str
    spec: Any
    output: str  # "asm": LLVM machine code as assembly; "source": C or GPU kernel source
    gpu: bool = False  # its kernels need loops bound to GPU threads
    # What its code generator lacks, by cause (checked before compiling).
    limits: Limits = Limits()
    # Message fragments of the errors by which this target declines what it does not support
    # (a documented limitation of its code generator, not a bug): the fallback for what `limits`
    # does not describe.
    rejects: tuple[str, ...] = ()

    @property
    def family(self) -> str:
        """The code generator and CPU a bug of this target belongs to: the triple's architecture for
        LLVM's cross targets (`aarch64` for every AArch64 variant), else the target kind."""
        spec = self.spec if isinstance(self.spec, dict) else {"kind": self.spec}
        if spec["kind"] == "llvm" and "mtriple" in spec:
            return str(spec["mtriple"]).split("-", 1)[0]
        return str(spec["kind"])

    def refuses(self, message: str) -> bool:
        return any(fragment in message for fragment in self.rejects)

    def refusal(self, funcs: list[tirx.PrimFunc]) -> str | None:
        """Why this target's code generator cannot compile `funcs` (a limit of it), or None."""
        wanted = needs(funcs)
        if wanted.threads and not self.gpu:
            # CodeGenLLVM and CodeGenC have no thread index ("not implemented"); passes before them
            # fail otherwise on such a kernel (LowerTVMBuiltin's device_id check).
            return f"{self.name} is a CPU target: it has no GPU thread index (threadIdx, blockIdx)"
        limit = self.limits.refusal(self.name, wanted)
        if limit is None and wanted.fragment_elements and self.gpu:
            # InferFragment takes a fragment's shape from the intrinsics that access it: a schedule
            # not yet tensorized is no kernel (c41's exception-48a5925d, an auto_tensorize design).
            return "a tensor-core fragment (wmma.* scope) is accessed element by element: it was never tensorized"
        return limit

    def pass_context(self, opt_level: int, **kwargs: Any) -> tvm.transform.PassContext:
        """The PassContext TVM's own flows compile this target in."""
        return tvm.transform.PassContext(opt_level=opt_level, config=dict(self.limits.config), **kwargs)

    def target(self) -> tvm.target.Target:
        # GPU kernels need a host for their launch code; llvm and c targets are their own host.
        # Bound with an explicit host: without one, MakePackedAPI and friends silently do nothing.
        return tvm.target.Target(self.spec, host=HOST if self.gpu else self.spec)

    def prepare(self, func: tirx.PrimFunc, passes_bind_threads: bool = False) -> tirx.PrimFunc:
        """The function as this target can compile it: a target it names is this one, and GPU loops
        bound to threads, unless the test's passes bind them (an automatic scheduler at their head)."""
        if func.attrs is not None and "target" in func.attrs:
            # Seeds from TVM's tests name the target their test compiled for; TVM lowers a function
            # by the target it names, so compiled for another one it met the other's rules.
            func = func.with_attr("target", self.target())
        func = _retarget_regions(func, self.target())
        return bind_threads(func, self.target()) if self.gpu and not passes_bind_threads else func


def _retarget_regions(func: tirx.PrimFunc, target: tvm.target.Target) -> tirx.PrimFunc:
    """`func` with the regions it pins to a target (`T.attr(T.target(...), "target", 0)`, which
    TVM's lowering writes around device code and seeds carry) pinned to `target`: TVM builds such a
    region with the target it names, so for another target the test would not test that target."""
    def pinned(stmt: tirx.AttrStmt) -> tvm_ffi.VisitInterrupt | None:
        return tvm_ffi.VisitInterrupt(stmt) if _pins_target(stmt) else None

    if tvm_ffi.structural_walk(func.body, (tirx.AttrStmt, pinned)) is None:
        return func

    def retarget(stmt: tirx.AttrStmt) -> tirx.Stmt:
        return tirx.AttrStmt(target, stmt.attr_key, stmt.value, stmt.body) if _pins_target(stmt) else stmt

    return func.with_body(tvm_ffi.structural_map(func.body, [(tirx.AttrStmt, retarget)], order="post"))


def _pins_target(stmt: tirx.AttrStmt) -> bool:
    return str(stmt.attr_key) == "target" and isinstance(stmt.node, tvm.target.Target)


# A kernel cannot allocate global memory or call back into the host runtime (a packed or FFI
# call): the GPU code generators (LLVM's NVPTX and AMDGPU ones say "only shared or local") refuse
# both by design, and so does their float16 modulo. Metal and WebGPU (WGSL) have no 64-bit float
# (WGSL no 64-bit int either, so an int64 constant beyond int32 cannot be narrowed for it, and
# vectors of 2 to 4 lanes only); a kernel language has the vector types it has ("Cannot convert
# type int32x6 to OpenCL type").
_GPU_REJECTS = ("Cannot allocate global memory", "Can only allocate shared or local memory inside kernel",
                "tvm_call_packed", "call_ffi_kernel", "Non single or double precision floating point in Mod",
                "Cannot convert type",
                # CodeGenNVPTX and CodeGenOpenCL allocate only what has a constant size in a kernel
                # (c30h's exception-9a499ce2 and exception-77216b6a).
                "Can only handle constant size stack allocation")

# LLVM's AMDGPU back end stops the process on a kernel whose shared memory exceeds the GPU's
# ("local memory (1114112) exceeds limit (65536)"), a limit of the device, not a bug.
_AMDGPU_REJECTS = (*_GPU_REJECTS, ") exceeds limit (")
# LLVM has scalable vectors where the CPU has them (SVE, RISC-V V).
_SCALABLE = Limits(scalable=True)
# A kernel language has the vector widths it has; WGSL only 2 to 4 lanes, OpenCL 2, 3, 4, 8 and 16.
# Metal has no 64-bit float, WGSL no 64-bit type at all. GPU code generators have no float16 modulo.
_GPU_PAIRS = frozenset({("Mod", "float16"), ("FloorMod", "float16")})
# NVPTX lowers these through libdevice (__nv_<op>, __nv_<op>f), which has them for float32 and
# float64 only: intrin_rule_nvptx.cc checks "Only support float32 or float64".
_LIBDEVICE = ("atan", "ceil", "cos", "cosh", "erf", "exp", "exp10", "exp2", "fabs", "floor", "fma", "log", "log10",
              "log2", "nearbyint", "pow", "round", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
              # legalized into one of those first (intrin_rule.cc: sigmoid uses exp, rsqrt sqrt)
              "rsqrt", "sigmoid")
_NVPTX_PAIRS = _GPU_PAIRS | {(op, dtype) for op in _LIBDEVICE for dtype in ("float16", "bfloat16")}
# The LLVM GPU code generators take serial loops only (CodeGenLLVM::VisitStmt_(ForNode) checks
# kSerial; the CPU one lowers parallel loops itself): a parallel loop reaches a kernel as it is.
# The float types of C's math library, and its float32 names alone (`expm1f`).
_FLOATS = frozenset({"float16", "float32", "float64"})
# Fixed-point multiplies that LowerIntrin expands into 64-bit arithmetic, which a target without
# 64-bit integers (WGSL) narrows back to 32 bits on purpose (c44's exception-09182d4c).
_WIDE_INTERMEDIATES = frozenset({("q_multiply_shift", "int32"), ("q_multiply_shift_per_axis", "int32")})
_F32 = frozenset({"float32"})
# WGSL has no nextafter builtin for a rule to map to: LowerIntrin's default rule writes C's
# `nextafterf`, which no WebGPU table could avoid (c46's exception-78b2b72e, judged a limit of the
# platform).
_WGSL_UNEXPRESSED = frozenset({("nextafter", "float16"), ("nextafter", "float32")})
_AMDGPU = Limits(pairs=_GPU_PAIRS, parallel=False)

TARGETS: tuple[TargetInfo, ...] = (
    TargetInfo(HOST, "llvm", "asm"),
    # TVM's C code generator has no 16-bit or smaller float type (it prints `half`, `half4`, ...
    # and never defines them) and no vector types (`int32_t4`): TVM's C flows compile it with
    # vectorization off (tirx.disable_vectorize), which scalarizes vectorized loops.
    TargetInfo("c", "c", "source",
               limits=Limits(dtypes=_SMALL_FLOATS | {"float16"}, lanes=frozenset(),
                             config=(("tirx.disable_vectorize", True),)),
               rejects=("‘half", "'half", "unknown type name 'half",
                        "Non single or double precision floating point in Mod", "Cannot convert type")),
    TargetInfo("llvm-aarch64", {"kind": "llvm", "mtriple": "aarch64-linux-gnu"}, "asm"),
    # RISC-V and 32-bit Arm as Linux distributions build for them: RV64GC with its hard-float ABI
    # (LLVM's default for the bare triple is RV64I with soft float, which no Linux userland
    # links with), and Arm's hard-float ABI, which the gnueabihf triple names but TVM does not pick.
    TargetInfo("llvm-riscv64", {"kind": "llvm", "mtriple": "riscv64-linux-gnu", "mattr": ["+m", "+a", "+f", "+d", "+c"],
                                "mabi": "lp64d"}, "asm"),
    TargetInfo("llvm-armv7a", {"kind": "llvm", "mtriple": "armv7a-linux-gnueabihf", "mfloat-abi": "hard"}, "asm"),
    TargetInfo("llvm-wasm32", {"kind": "llvm", "mtriple": "wasm32-unknown-unknown"}, "asm"),
    TargetInfo("llvm-avx512", {"kind": "llvm", "mcpu": "skylake-avx512"}, "asm"),
    # The wheel's LLVM carries every back end: each is its own instruction selector, register
    # allocator and assembly printer behind TVM's code generator (Hexagon and SVE even have code
    # of their own in TVM). The 16-bit and niche back ends (AVR, MSP430, BPF, ...) are left out:
    # their refusals of ordinary code would be LLVM's limits, not TVM bugs.
    TargetInfo("llvm-aarch64-sve", {"kind": "llvm", "mtriple": "aarch64-linux-gnu", "mattr": ["+sve"]}, "asm",
               limits=_SCALABLE),
    TargetInfo("llvm-riscv64-v", {"kind": "llvm", "mtriple": "riscv64-linux-gnu", "mattr": ["+v"]}, "asm",
               limits=_SCALABLE),
    TargetInfo("llvm-ppc64le", {"kind": "llvm", "mtriple": "powerpc64le-linux-gnu", "mcpu": "pwr9"}, "asm"),
    TargetInfo("llvm-mips64", {"kind": "llvm", "mtriple": "mips64el-linux-gnuabi64"}, "asm"),
    TargetInfo("llvm-s390x", {"kind": "llvm", "mtriple": "s390x-linux-gnu"}, "asm"),
    # Without LSX/LASX, which qemu 7.2 (Debian 12's) lacks: its builds run there and are judged.
    TargetInfo("llvm-loongarch64", {"kind": "llvm", "mtriple": "loongarch64-linux-gnu", "mattr": ["-lsx", "-lasx"]},
               "asm"),
    TargetInfo("llvm-sparcv9", {"kind": "llvm", "mtriple": "sparcv9-linux-gnu"}, "asm"),
    TargetInfo("llvm-hexagon", {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68"}, "asm"),
    TargetInfo("llvm-i686", {"kind": "llvm", "mtriple": "i686-linux-gnu"}, "asm"),
    TargetInfo("llvm-cortex-m55", {"kind": "llvm", "mtriple": "thumbv8.1m.main-none-eabi", "mcpu": "cortex-m55"},
               "asm"),
    TargetInfo("llvm-windows", {"kind": "llvm", "mtriple": "x86_64-pc-windows-msvc"}, "asm"),
    TargetInfo("llvm-macos-arm64", {"kind": "llvm", "mtriple": "arm64-apple-macos"}, "asm"),
    # The same back ends along other roads through LLVM: without optimisation (FastISel and the
    # fast register allocator) or with LLVM's lighter O1 and O2 pipelines, with AArch64's
    # GlobalISel, big-endian and 32-bit variants, and newer CPUs with more vector, half-precision
    # and bit-manipulation extensions. Measured on 61 (the last seven on 31) shipped seeds
    # compiled for every target, each of these reaches at least 400 blocks that no other target
    # reaches. RISC-V's GlobalISel is left out: it aborts the process on float16 ("unable to
    # legalize"), LLVM's limit, not TVM's.
    TargetInfo("llvm-O0", {"kind": "llvm", "opt-level": 0}, "asm"),
    TargetInfo("llvm-O1", {"kind": "llvm", "opt-level": 1}, "asm"),
    TargetInfo("llvm-O2", {"kind": "llvm", "opt-level": 2}, "asm"),
    TargetInfo("llvm-ppc64le-O0", {"kind": "llvm", "mtriple": "powerpc64le-linux-gnu", "mcpu": "pwr9", "opt-level": 0},
               "asm"),
    TargetInfo("llvm-aarch64-O0", {"kind": "llvm", "mtriple": "aarch64-linux-gnu", "opt-level": 0}, "asm"),
    TargetInfo("llvm-armv7a-O0", {"kind": "llvm", "mtriple": "armv7a-linux-gnueabihf", "mfloat-abi": "hard",
                                  "opt-level": 0}, "asm"),
    # GlobalISel falls back to SelectionDAG where it cannot select an instruction, but where it
    # cannot map or legalize one it stops the process ("LLVM ERROR: unable to map instruction"):
    # LLVM's limit in a mode TVM does not choose itself, so a rejection.
    TargetInfo("llvm-aarch64-gisel", {"kind": "llvm", "mtriple": "aarch64-linux-gnu",
                                      "cl-opt": ["-global-isel=1", "-global-isel-abort=0"]}, "asm",
               rejects=("LLVM ERROR: unable to ",)),
    TargetInfo("llvm-ppc64", {"kind": "llvm", "mtriple": "powerpc64-linux-gnu"}, "asm"),
    TargetInfo("llvm-ppc32", {"kind": "llvm", "mtriple": "powerpc-linux-gnu"}, "asm"),
    TargetInfo("llvm-mips32", {"kind": "llvm", "mtriple": "mips-linux-gnu"}, "asm"),
    TargetInfo("llvm-sparc32", {"kind": "llvm", "mtriple": "sparc-linux-gnu"}, "asm"),
    TargetInfo("llvm-loongarch32", {"kind": "llvm", "mtriple": "loongarch32-unknown-elf"}, "asm"),
    TargetInfo("llvm-s390x-z16", {"kind": "llvm", "mtriple": "s390x-linux-gnu", "mcpu": "z16"}, "asm"),
    TargetInfo("llvm-sapphirerapids", {"kind": "llvm", "mcpu": "sapphirerapids"}, "asm"),
    TargetInfo("llvm-znver4", {"kind": "llvm", "mcpu": "znver4"}, "asm"),
    TargetInfo("llvm-riscv64-zvfh", {"kind": "llvm", "mtriple": "riscv64-linux-gnu",
                                     "mattr": ["+v", "+zfh", "+zvfh", "+zbb", "+zbs"]}, "asm", limits=_SCALABLE),
    TargetInfo("llvm-cortex-m23", {"kind": "llvm", "mtriple": "thumbv8m.base-none-eabi", "mcpu": "cortex-m23"}, "asm"),
    # The limits of a real GPU's thread block, which MetaSchedule's GPU rules size kernels by
    # (TVM's cuda target leaves them unset); OpenCL's and Metal's targets set their own. CUDA's
    # vector types (CodeGenCUDA::PrintType) go to 4 lanes for 32- and 64-bit elements: int32 beyond
    # that only in even counts ("only support even lane for int32 type"), 64-bit ones not at all.
    TargetInfo("cuda", {"kind": "cuda", "arch": "sm_80", "max_threads_per_block": 1024,
                        "max_shared_memory_per_block": 49152}, "source", gpu=True,
               limits=Limits(lanes=frozenset({2, 3, 4}), pairs=_GPU_PAIRS, cuda_intrinsics=True),
               rejects=(*_GPU_REJECTS, "the index of an async queue must be 0",
                        # a vector the lane limits above cannot see (c41's exception-f9d99c58)
                        "only support even lane for int32 type")),
    # CodeGenOpenCL writes the global array a kernel allocates, which the others refuse, as a
    # `__global` variable of the kernel; OpenCL C refuses that (PoCL, as the build loads).
    TargetInfo("opencl", "opencl", "source", gpu=True,
               limits=Limits(lanes=frozenset({2, 3, 4, 8, 16}), pairs=_GPU_PAIRS, c_math_missing=_F32),
               rejects=(*_GPU_REJECTS, "function scope variable cannot be declared in global address space")),
    # Metal has no dynamic shared memory scope (CodeGenMetal: "Unknown storage scope `shared.dyn`")
    # and no CUDA tensor-core fragments (c41's exception-0c63e80f: `wmma.matrix_a`).
    TargetInfo("metal", "metal", "source", gpu=True,
               limits=Limits(dtypes=frozenset({"float64"}), pairs=_GPU_PAIRS, c_math_missing=_F32,
                             scopes=frozenset({"shared.dyn", "wmma.matrix_a", "wmma.matrix_b", "wmma.accumulator"})),
               rejects=_GPU_REJECTS),
    TargetInfo("webgpu", "webgpu", "source", gpu=True,
               limits=Limits(dtypes=frozenset({"int64", "uint64", "float64"}), lanes=frozenset({2, 3, 4}),
                             pairs=_GPU_PAIRS | _WIDE_INTERMEDIATES | _WGSL_UNEXPRESSED, opaque_pointers=False,
                             externs=False,
                             c_math_missing=_FLOATS),
               rejects=(*_GPU_REJECTS, "do not support i64", "do not support u64",
                        "does not support integer immediate type", "only allows vector with lanes",
                        "exceeds range of int32", "max_value(target_data_type_)", "Unsupported type in Metal fast_erf",
                        "Do not support storage scope", "only support f16 or f32",
                        "Unsupported floating point bits 64", "got T.float64", "has dtype T.int64",
                        # Scalar kernel arguments are i32, u32 or f32 (WGSL's bool is not host-shareable;
                        # c30f's exception-cf2520d2).
                        "Do not support pod argument type",
                        # A constant outside a built-in's domain (sqrt of a negative) is a shader-creation
                        # error in WGSL, where TIR computes NaN: the platform defines it otherwise.
                        "built-in function argument is out of valid range",
                        # A WGSL array needs a size known when the shader compiles.
                        "requires a finite compile-time upper bound",
                        # Workgroup memory beyond the adapter's limit (32 KiB unless the target raises
                        # it), which the message says how to raise (c41's exception-42e894f5).
                        "but the target supports only")),
    TargetInfo("vulkan", "vulkan", "source", gpu=True, limits=Limits(pairs=_GPU_PAIRS), rejects=_GPU_REJECTS),
    # GPUs named, not detected (TVM would ask rocminfo or nvcc on every target it makes): an
    # MI200-class and an RDNA3 AMD GPU (wave64 and wave32), and an Ampere NVIDIA GPU through
    # LLVM's NVPTX back end.
    TargetInfo("rocm", {"kind": "rocm", "mcpu": "gfx90a"}, "asm", gpu=True, limits=_AMDGPU, rejects=_AMDGPU_REJECTS),
    TargetInfo("rocm-gfx1100", {"kind": "rocm", "mcpu": "gfx1100"}, "asm", gpu=True, limits=_AMDGPU,
               rejects=_AMDGPU_REJECTS),
    TargetInfo("rocm-gfx1200", {"kind": "rocm", "mcpu": "gfx1200"}, "asm", gpu=True, limits=_AMDGPU,
               rejects=_AMDGPU_REJECTS),
    TargetInfo("nvptx", {"kind": "nvptx", "mcpu": "sm_80"}, "asm", gpu=True,
               # CodeGenNVPTX has no case for the PTX intrinsics (c42's exception-a2e364fc, c1f64975).
               limits=Limits(pairs=_NVPTX_PAIRS, parallel=False),
               rejects=_GPU_REJECTS),
)
BY_NAME = {info.name: info for info in TARGETS}


def get(name: str) -> TargetInfo:
    """The target called `name`; raises KeyError with the known names."""
    if name not in BY_NAME:
        raise KeyError(f"unknown target {name!r}; known: {', '.join(BY_NAME)}")
    return BY_NAME[name]


def generate_code(executable: Any, info: TargetInfo) -> str:
    """The code the build emits, which is where a code generator does its work: LLVM emits machine
    code only when asked (assembly here), source generators emit text at build time."""
    module = executable.mod
    if info.output == "asm" and not info.gpu:
        return str(module.inspect_source("asm"))
    return "".join(str(m.inspect_source()) for m in (module, *module.imports) if m.kind != "llvm")


PROBE = """
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i] + T.float32(1)
"""


def works(info: TargetInfo) -> bool:
    """Whether the installed TVM builds a tiny function for `info` and emits its code."""
    try:
        func = info.prepare(from_script(PROBE))
        with tvm.transform.PassContext(opt_level=3):
            executable = tvm.compile(tvm.IRModule({"main": func}), target=info.target())
        if not generate_code(executable, info):
            return False
    except Exception:  # noqa: BLE001 - a missing code generator or toolchain: the target is unusable
        return False
    return True


@cache
def available() -> tuple[str, ...]:
    """The names of the targets this TVM and machine can build, host first."""
    with silenced():
        return tuple(info.name for info in TARGETS if works(info))


def chosen(spec: str) -> tuple[str, ...]:
    """The targets of `--targets` ('all', or names separated by commas); ValueError for a name
    this TVM and machine cannot build, in one line that lists those it can."""
    usable = available()
    if spec.strip() == "all":
        return usable
    wanted = tuple(dict.fromkeys(name.strip() for name in spec.split(",") if name.strip()))
    if not wanted:
        raise ValueError("--targets names no target")
    for name in wanted:
        if name not in usable:
            why = "unknown target" if name not in BY_NAME else "this TVM or machine cannot build target"
            raise ValueError(f"{why} {name!r}; usable here: {', '.join(usable)}")
    return wanted

"""The targets a test can compile for: every one the installed TVM wheel can build on this machine.

A test's target is the third part of a seed, after its function and its pass sequence. Host llvm
and `c` build code this machine can run, so the oracles that run code (differential, reference)
apply to them; `c` goes through the system C compiler, a second code generator independent of
LLVM. The other targets compile to assembly (LLVM for other machines) or to GPU source, and are
judged by the oracles that need no device: crash, hang, exception and ill-formed IR.
Which targets work is found at start by building a tiny function for each, as the pass registry
is read from the installed TVM.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tvm
from tvm import tirx

from tirkit.script import from_script
from tirkit.threads import bind_threads

HOST = "llvm"


def _find_cuda_toolkit() -> None:
    """Point TVM at CUDA's libdevice, which its nvptx target links into every kernel.

    TVM looks in CUDA_PATH, else two folders above `which nvcc`: where nvcc on the PATH is a
    wrapper script (as /usr/local/bin/nvcc is on this project's machines) that guess misses the
    toolkit in /usr/local/cuda. Set here, at import, so that every process that compiles (the
    campaign's workers, showmap's, triage's) finds it alike."""
    toolkit = Path("/usr/local/cuda")
    if "CUDA_PATH" not in os.environ and (toolkit / "nvvm" / "libdevice").is_dir():
        os.environ["CUDA_PATH"] = str(toolkit)


_find_cuda_toolkit()


def _rocm_without_rocm() -> None:
    """Let the rocm target build where ROCm is not installed.

    TVM's rocm build links ROCm's device libraries (math functions) into the kernel's LLVM module
    and then the object into a code object with ROCm's ld.lld, through two Python callbacks.
    Without ROCm, these stand-ins link no library (calls to device math stay external symbols)
    and keep the object as it is: TVM's AMDGPU code generator and LLVM's AMDGPU back end, which
    produce the kernel's assembly, run as they would; only the final packaging is skipped."""
    import tvm.support.rocm
    import tvm_ffi

    try:
        tvm.support.rocm.find_rocm_path()
        return
    except RuntimeError:
        pass
    tvm_ffi.register_global_func("tvm_callback_rocm_bitcode_path", lambda rocdl_dir=None: [], override=True)
    tvm_ffi.register_global_func("tvm_callback_rocm_link", lambda obj: obj, override=True)


_rocm_without_rocm()


@dataclass(frozen=True)
class TargetInfo:
    """One target: `spec` is what `tvm.target.Target` takes; `output` what its code generator emits."""

    name: str
    spec: Any
    output: str  # "asm": LLVM machine code as assembly; "source": C or GPU kernel source
    gpu: bool = False  # its kernels need loops bound to GPU threads
    runs: bool = False  # this machine can run what it builds
    # Message fragments of the errors by which this target declines what it does not support
    # (a documented limitation of its code generator, not a bug).
    rejects: tuple[str, ...] = ()

    def refuses(self, message: str) -> bool:
        return any(fragment in message for fragment in self.rejects)

    def target(self) -> tvm.target.Target:
        # GPU kernels need a host for their launch code; llvm and c targets are their own host.
        # Bound with an explicit host: without one, MakePackedAPI and friends silently do nothing.
        return tvm.target.Target(self.spec, host=HOST if self.gpu else self.spec)

    def prepare(self, func: tirx.PrimFunc, passes_bind_threads: bool = False) -> tirx.PrimFunc:
        """The function as this target can compile it: GPU loops bound to threads, unless the test's
        passes bind them (an automatic scheduler at their head)."""
        return bind_threads(func, self.target()) if self.gpu and not passes_bind_threads else func


# A kernel cannot allocate global memory or call back into the host runtime (a packed or FFI
# call): the GPU code generators (LLVM's NVPTX and AMDGPU ones say "only shared or local") refuse
# both by design, and so does their float16 modulo. Metal and WebGPU (WGSL) have no 64-bit float
# (WGSL no 64-bit int either, so an int64 constant beyond int32 cannot be narrowed for it, and
# vectors of 2 to 4 lanes only); a kernel language has the vector types it has ("Cannot convert
# type int32x6 to OpenCL type").
_GPU_REJECTS = ("Cannot allocate global memory", "Can only allocate shared or local memory inside kernel",
                "tvm_call_packed", "call_ffi_kernel", "Non single or double precision floating point in Mod",
                "Cannot convert type")

TARGETS: tuple[TargetInfo, ...] = (
    TargetInfo(HOST, "llvm", "asm", runs=True),
    # TVM's C code generator has no 16-bit float type (it prints `half`, `half4`, ... and never
    # defines them, and has no float16 modulo).
    TargetInfo("c", "c", "source", runs=True,
               rejects=("‘half", "'half", "unknown type name 'half",
                        "Non single or double precision floating point in Mod", "Cannot convert type")),
    TargetInfo("llvm-aarch64", {"kind": "llvm", "mtriple": "aarch64-linux-gnu"}, "asm"),
    TargetInfo("llvm-riscv64", {"kind": "llvm", "mtriple": "riscv64-linux-gnu"}, "asm"),
    TargetInfo("llvm-armv7a", {"kind": "llvm", "mtriple": "armv7a-linux-gnueabihf"}, "asm"),
    TargetInfo("llvm-wasm32", {"kind": "llvm", "mtriple": "wasm32-unknown-unknown"}, "asm"),
    TargetInfo("llvm-avx512", {"kind": "llvm", "mcpu": "skylake-avx512"}, "asm"),
    # The wheel's LLVM carries every back end: each is its own instruction selector, register
    # allocator and assembly printer behind TVM's code generator (Hexagon and SVE even have code
    # of their own in TVM). The 16-bit and niche back ends (AVR, MSP430, BPF, ...) are left out:
    # their refusals of ordinary code would be LLVM's limits, not TVM bugs.
    TargetInfo("llvm-aarch64-sve", {"kind": "llvm", "mtriple": "aarch64-linux-gnu", "mattr": ["+sve"]}, "asm"),
    TargetInfo("llvm-riscv64-v", {"kind": "llvm", "mtriple": "riscv64-linux-gnu", "mattr": ["+v"]}, "asm"),
    TargetInfo("llvm-ppc64le", {"kind": "llvm", "mtriple": "powerpc64le-linux-gnu", "mcpu": "pwr9"}, "asm"),
    TargetInfo("llvm-mips64", {"kind": "llvm", "mtriple": "mips64el-linux-gnuabi64"}, "asm"),
    TargetInfo("llvm-s390x", {"kind": "llvm", "mtriple": "s390x-linux-gnu"}, "asm"),
    TargetInfo("llvm-loongarch64", {"kind": "llvm", "mtriple": "loongarch64-linux-gnu"}, "asm"),
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
    TargetInfo("llvm-armv7a-O0", {"kind": "llvm", "mtriple": "armv7a-linux-gnueabihf", "opt-level": 0}, "asm"),
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
                                     "mattr": ["+v", "+zfh", "+zvfh", "+zbb", "+zbs"]}, "asm"),
    TargetInfo("llvm-cortex-m23", {"kind": "llvm", "mtriple": "thumbv8m.base-none-eabi", "mcpu": "cortex-m23"}, "asm"),
    # The limits of a real GPU's thread block, which MetaSchedule's GPU rules size kernels by
    # (TVM's cuda target leaves them unset); OpenCL's and Metal's targets set their own.
    TargetInfo("cuda", {"kind": "cuda", "arch": "sm_80", "max_threads_per_block": 1024,
                        "max_shared_memory_per_block": 49152}, "source", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("opencl", "opencl", "source", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("metal", "metal", "source", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("webgpu", "webgpu", "source", gpu=True,
               rejects=(*_GPU_REJECTS, "do not support i64", "do not support u64",
                        "does not support integer immediate type", "only allows vector with lanes",
                        "exceeds range of int32", "max_value(target_data_type_)", "Unsupported type in Metal fast_erf",
                        "Do not support storage scope", "only support f16 or f32",
                        "Unsupported floating point bits 64", "got T.float64", "has dtype T.int64")),
    TargetInfo("vulkan", "vulkan", "source", gpu=True, rejects=_GPU_REJECTS),
    # GPUs named, not detected (TVM would ask rocminfo or nvcc on every target it makes): an
    # MI200-class and an RDNA3 AMD GPU (wave64 and wave32), and an Ampere NVIDIA GPU through
    # LLVM's NVPTX back end.
    TargetInfo("rocm", {"kind": "rocm", "mcpu": "gfx90a"}, "asm", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("rocm-gfx1100", {"kind": "rocm", "mcpu": "gfx1100"}, "asm", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("rocm-gfx1200", {"kind": "rocm", "mcpu": "gfx1200"}, "asm", gpu=True, rejects=_GPU_REJECTS),
    TargetInfo("nvptx", {"kind": "nvptx", "mcpu": "sm_80"}, "asm", gpu=True, rejects=_GPU_REJECTS),
)
RUNNABLE = frozenset(info.name for info in TARGETS if info.runs)
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


def loadable(executable: Any) -> Any:
    """A build of the `c` target, compiled by the system C compiler and loaded back, ready to run."""
    # A fresh name each time: dlopen would hand back an earlier library loaded from the same path.
    fd, name = tempfile.mkstemp(suffix=".so", prefix="tzer-c-build-")
    os.close(fd)
    try:
        try:
            executable.export_library(name)
        except RuntimeError as error:
            raise RuntimeError(f"generated C does not compile: {compiler_error(str(error))}") from error
        return tvm.runtime.load_module(name)
    finally:
        Path(name).unlink(missing_ok=True)


def compiler_error(output: str) -> str:
    """The compiler's first error, without the temporary file's path and line number."""
    for line in output.splitlines():
        if ": error:" in line:
            return line.split(": error:", 1)[1].strip()
    return output.strip().splitlines()[0] if output.strip() else "no output"


PROBE = """
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i] + T.float32(1)
"""


def works(info: TargetInfo) -> bool:
    """Whether the installed TVM builds (and for runnable targets, loads) a tiny function for `info`."""
    try:
        func = info.prepare(from_script(PROBE))
        with tvm.transform.PassContext(opt_level=3):
            executable = tvm.compile(tvm.IRModule({"main": func}), target=info.target())
        if not generate_code(executable, info):
            return False
        if info.name == "c":
            loadable(executable)["main"]
    except Exception:  # noqa: BLE001 - a missing code generator or toolchain: the target is unusable
        return False
    return True


@contextmanager
def _quiet() -> Iterator[None]:
    """Silence the native warnings of target set-up (ROCm, wasm vector width) at the fd level."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


@cache
def available() -> tuple[str, ...]:
    """The names of the targets this TVM and machine can build, host first."""
    with _quiet():
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

"""The qemu-user runner: LLVM builds for other Linux CPUs, run under Debian's qemu-user.

TVM writes a cross build as one object file (`executable.mod.write_to_file`). That object needs
only a few symbols from a runtime, which `csrc/crosshost.c` defines along with a `main` that
calls the build's entry on inputs read from a file and writes the buffers back. The harness is
compiled once per CPU by its cross C compiler (cached), each build is linked to it statically,
and qemu-user runs the program. Tensors travel in the target's byte order.

A run of one build repeats exactly (a fresh process each time), so it runs once per test.
A failure of tzer's own making (no toolchain, a link error, a qemu limit) is a RunnerError,
never a finding; a build that returns an error or dies of a signal is a RunFailed.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from memcov.blocks import cache_root
from tzer.runners import zig
from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, RunFailed, Runner, RunnerError, Variant
from tzer.targets import TargetInfo

HARNESS = Path(__file__).with_name("csrc") / "crosshost.c"
RUN_SECONDS = 5.0
LINK_SECONDS = 30.0
# Exit codes of the harness: the build returned an error; the input was malformed (tzer's fault);
# the build calls a packed function, which only TVM's runtime provides (it runs on the host only).
BUILD_ERROR, MALFORMED, NEEDS_RUNTIME = 3, 64, 65


@dataclass(frozen=True)
class Machine:
    """A Linux CPU that qemu-user emulates, and the cross C compiler that builds programs for it:
    Debian's (`compiler` names it) or, where Debian has none, zig's for `zig_target`."""

    qemu: str
    compiler: str
    big_endian: bool = False
    cpu: str = ""  # qemu's -cpu value, "" for its default
    cflags: tuple[str, ...] = ()
    zig_target: str = ""

    def cc(self) -> list[str]:
        """The command line of its C compiler, before the flags."""
        return zig.zig_cc(self.zig_target) if self.zig_target else [self.compiler]

    def missing_tool(self) -> str | None:
        """What of the emulator and compiler is not installed, in words; None when both are."""
        if shutil.which(self.qemu) is None:
            return f"{self.qemu} is not installed"
        if self.zig_target:
            return None if zig.available() else "zig's C compiler is not installed (pip install ziglang)"
        return None if shutil.which(self.compiler) else f"{self.compiler} is not installed"


# By the architecture of the LLVM triple.
MACHINES: dict[str, Machine] = {
    "aarch64": Machine("qemu-aarch64", "aarch64-linux-gnu-gcc", cpu="max"),
    "armv7a": Machine("qemu-arm", "arm-linux-gnueabihf-gcc", cpu="max"),
    "riscv64": Machine("qemu-riscv64", "riscv64-linux-gnu-gcc"),
    "powerpc64le": Machine("qemu-ppc64le", "powerpc64le-linux-gnu-gcc", cpu="power9"),
    "powerpc64": Machine("qemu-ppc64", "powerpc64-linux-gnu-gcc", big_endian=True),
    "powerpc": Machine("qemu-ppc", "powerpc-linux-gnu-gcc", big_endian=True),
    "mips64el": Machine("qemu-mips64el", "mips64el-linux-gnuabi64-gcc"),
    "mips": Machine("qemu-mips", "mips-linux-gnu-gcc", big_endian=True),
    "s390x": Machine("qemu-s390x", "s390x-linux-gnu-gcc", big_endian=True, cpu="max"),
    "sparcv9": Machine("qemu-sparc64", "sparc64-linux-gnu-gcc", big_endian=True),
    # 32-bit SPARC programs, built by the 64-bit cross compiler (with Debian's 32-bit libc for it);
    # qemu-sparc refuses them, qemu-sparc32plus runs them.
    "sparc": Machine("qemu-sparc32plus", "sparc64-linux-gnu-gcc", big_endian=True, cflags=("-m32",)),
    "i686": Machine("qemu-i386", "i686-linux-gnu-gcc"),
    # Debian 12 has no cross C compiler for these two; zig's links them with its own musl. Zig's
    # libc for LoongArch is built without LSX, which qemu 7.2 lacks (the target is built without it).
    "loongarch64": Machine("qemu-loongarch64", "zig cc", zig_target="loongarch64-linux-musl",
                           cflags=("-mcpu=la464-lsx-lasx",)),
    # qemu 7.2 knows the v67 core only; it runs the v68 builds' scalar code.
    "hexagon": Machine("qemu-hexagon", "zig cc", cpu="v67", zig_target="hexagon-linux-musl"),
}

# Targets whose vector length is a property of the machine, not of the code (SVE, RVV): their
# builds also run at these other lengths, and must compute the same results. T.vscale() is the
# length in units of 128 bits on SVE (vq) and of 64 bits on RVV (VLEN / 64).
SVE_LENGTHS = tuple(Variant(f"max,sve-max-vq={vq}", vq) for vq in (1, 2, 4))
RVV_LENGTHS = tuple(Variant(f"rv64,v=true,vext_spec=v1.0,vlen={vlen},elen=64", vlen // 64) for vlen in (128, 256, 512))



def spec_of(info: TargetInfo) -> dict[str, Any]:
    return info.spec if isinstance(info.spec, dict) else {"kind": info.spec}


def triple_arch(info: TargetInfo) -> str:
    return str(spec_of(info).get("mtriple", "")).split("-", 1)[0]


def cpu_variants(info: TargetInfo) -> tuple[Variant, ...]:
    """The -cpu values a build of `info` runs under; the first is the default."""
    spec, machine = spec_of(info), MACHINES[triple_arch(info)]
    features = spec.get("mattr", [])
    if "+sve" in features:
        return SVE_LENGTHS
    if "+v" in features:
        # qemu 7.2 has no switch for Zvfh; with Zfh on it runs Zvfh's instructions too.
        extra = ",Zfh=true" if "+zfh" in features else ""
        return tuple(Variant(variant.name + extra, variant.vscale) for variant in RVV_LENGTHS)
    return (Variant(machine.cpu),)


def _not_linux(info: TargetInfo) -> str | None:
    triple = str(spec_of(info).get("mtriple", ""))
    if "apple" in triple or "macos" in triple:
        return f"a Mach-O object ({triple}): qemu-user runs Linux ELF programs only"
    if "windows" in triple:
        return f"a COFF object ({triple}): qemu-user runs Linux ELF programs only"
    if "-none-" in triple or triple.endswith(("-elf", "-eabi")) or "linux" not in triple and "-" in triple:
        if triple.startswith("wasm"):
            return (f"a WebAssembly object ({triple}): qemu-user runs Linux programs only (a WebAssembly "
                    f"runtime such as wasmtime could run it)")
        if triple.startswith("thumb"):
            return (f"a bare-metal Cortex-M object ({triple}): qemu-user runs Linux programs only; qemu-system-arm "
                    f"with semihosting could run it on an MPS2/MPS3 board model, given startup code and a "
                    f"bare-metal C library (gcc-arm-none-eabi, newlib), which tzer does not set up yet")
        return f"a bare-metal triple ({triple}): qemu-user runs Linux programs only"
    return None


class QemuRunner(Runner):
    name = "qemu"
    repeatable = True
    emulated = True

    def __init__(self) -> None:
        self._scratch: Path | None = None
        self._programs: dict[int, tuple[Any, Path]] = {}

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        spec = spec_of(info)
        if spec.get("kind") != "llvm" or "mtriple" not in spec:
            return Refusal(self.name, "not a cross-compiled LLVM target")
        reason = _not_linux(info)
        if reason:
            return Refusal(self.name, reason)
        arch = triple_arch(info)
        machine = MACHINES.get(arch)
        if machine is None:
            return Refusal(self.name, f"no qemu-user and cross C compiler pairing known for {arch}")
        missing = machine.missing_tool()
        if missing:
            return Refusal(self.name, missing)
        variants = cpu_variants(info)
        cpu = f" -cpu {variants[0].name}" if variants[0].name else ""
        how = f"{machine.qemu}{cpu}, linked by {machine.compiler}"
        if len(variants) > 1:
            how += f"; vector lengths also -cpu {', '.join(v.name for v in variants[1:])}"
        return Plan(self.name, how, variants)

    # -- running -----------------------------------------------------------------------------
    def scratch(self) -> Path:
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="tzer-qemu-"))
        return self._scratch

    def program(self, executable: Any, info: TargetInfo) -> Path:
        """The build linked to the harness, linked once per build (the last few are kept)."""
        key = id(executable)
        if key in self._programs and self._programs[key][0] is executable:
            return self._programs[key][1]
        machine = MACHINES[triple_arch(info)]
        folder = Path(tempfile.mkdtemp(dir=self.scratch()))
        obj, program = folder / "build.o", folder / "build"
        write_object(executable, obj)
        timeout = zig.link_timeout(machine.zig_target, LINK_SECONDS) if machine.zig_target else LINK_SECONDS
        run_tool([*machine.cc(), *machine.cflags, "-static", str(harness_object(machine)), str(obj), "-lm",
                  "-o", str(program)], "link", timeout)
        for old_key, (_, old_program) in list(self._programs.items())[:-3]:
            shutil.rmtree(old_program.parent, ignore_errors=True)
            del self._programs[old_key]
        # The executable is kept with its program so that its id is not reused meanwhile.
        self._programs[key] = (executable, program)
        return program

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        machine = MACHINES[triple_arch(info)]
        program = self.program(executable, info)
        cpu = variant if variant is not None else cpu_variants(info)[0].name
        inputs, outputs = program.with_name("inputs"), program.with_name("outputs")
        inputs.write_bytes(encode_arguments(args, machine.big_endian))
        outputs.unlink(missing_ok=True)
        command = [machine.qemu, *(["-cpu", cpu] if cpu else []), str(program), str(inputs), str(outputs)]
        try:
            done = subprocess.run(command, capture_output=True, timeout=RUN_SECONDS, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as expired:
            raise RunFailed(f"no result within {RUN_SECONDS:g} s under {machine.qemu}", "timeout") from expired
        stderr = done.stderr.decode("utf-8", "replace").strip()
        internal = _QEMU_INTERNAL.search(stderr)
        if internal:
            # qemu's own check failed while it translated the build (qemu 7.2 on some RVV code):
            # an emulator bug, which says nothing about the build.
            raise RunnerError(f"{machine.qemu} failed its own check: {internal[0][:200]}")
        if done.returncode < 0 or "uncaught target signal" in stderr:
            number = -done.returncode if done.returncode < 0 else _signal_in(stderr)
            name = _signal_name(number)
            if number == signal.SIGILL:
                # qemu lacks the instruction, or it is the target's own trap: neither says the build is wrong.
                raise RunnerError(f"{machine.qemu} -cpu {cpu}: illegal instruction")
            raise RunFailed(f"the build dies with {name} under {machine.qemu}", name)
        if done.returncode == NEEDS_RUNTIME:
            raise RunnerError(stderr.splitlines()[-1].removeprefix("crosshost: "))
        if done.returncode == BUILD_ERROR:
            raise RunFailed(stderr.splitlines()[-1] if stderr else "the build returned an error")
        if done.returncode != 0:
            raise RunnerError(f"{machine.qemu} exited with {done.returncode}: {stderr[-300:]}")
        return decode_outputs(outputs.read_bytes(), args, machine.big_endian)

    def repro(self, info: TargetInfo) -> ReproRun:
        machine = MACHINES[triple_arch(info)]
        compiler = repr(machine.cc()).replace(repr(sys.executable), "sys.executable")
        return ReproRun(helpers=REPRO_RUN.format(harness=HARNESS.read_text(), compiler=compiler,
                                                 qemu=machine.qemu, cpu=cpu_variants(info)[0].name,
                                                 order=">" if machine.big_endian else "<",
                                                 big_endian=machine.big_endian, cflags=list(machine.cflags),
                                                 encode=encode_source()),
                        imports=("import os", "import subprocess", "import sys", "import tempfile", "import tvm_ffi"),
                        needs=f"{machine.qemu} (Debian: qemu-user) and "
                              f"{'zig (pip install ziglang)' if machine.zig_target else machine.compiler}")


# qemu's assertion or fatal error (`qemu-riscv64: ../../target/riscv/translate.c:213: decode_save_opc:
# Assertion ... failed.`, `qemu: fatal: ...`), as against the guest's own signals.
_QEMU_INTERNAL = re.compile(r"^qemu[\w-]*: (\S+\.c:\d+: .*Assertion .*|fatal: .*)$", re.MULTILINE)


def _signal_in(stderr: str) -> int:
    """The guest signal qemu reports (`qemu: uncaught target signal 11 (Segmentation fault)`)."""
    text = stderr.split("uncaught target signal", 1)[1].split()[0]
    return int(text) if text.isdigit() else 0


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def write_object(executable: Any, path: Path) -> None:
    """The build's object file, for a harness to be linked to (raises RunnerError)."""
    try:
        executable.mod.write_to_file(str(path))
    except Exception as error:  # noqa: BLE001 - whatever TVM raised: tzer's side of the run
        raise RunnerError(f"cannot write the build's object file: {error}") from error


def run_tool(command: list[str], what: str, timeout: float = LINK_SECONDS) -> None:
    """Run a compiler or linker; RunnerError (tzer's side) when it fails."""
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RunnerError(f"{what} failed: {error}") from error
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = next((line for line in lines if "error" in line or "undefined" in line), lines[-1] if lines else "")
        tool = "zig cc" if "ziglang" in command[:3] else Path(command[0]).name
        raise RunnerError(f"{what} failed ({tool}): {detail[-300:]}")


def ffi_include() -> Path:
    import tvm_ffi

    return Path(tvm_ffi.__file__).parent / "include"


@cache
def harness_object(machine: Machine) -> Path:
    """The harness compiled for `machine`, cached across processes by its source and compiler."""
    source = HARNESS.read_bytes()
    digest = hashlib.sha256(source + repr(machine).encode()).hexdigest()[:16]
    path = cache_root() / "crosshost" / f"{machine.zig_target or machine.compiler}-{digest}.o"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    run_tool([*machine.cc(), "-O1", "-std=c11", *machine.cflags, "-I", str(ffi_include()), "-c", str(HARNESS),
               "-o", str(partial)], "compiling the harness")
    os.replace(partial, path)
    return path


def dtype_code(dtype: np.dtype) -> tuple[int, int]:
    """DLPack's (type code, bits) of a numpy dtype, as TVM's runtime passes it."""
    if dtype.kind == "b":
        return 6, 8
    return {"i": 0, "u": 1, "f": 2}[dtype.kind], dtype.itemsize * 8


def encode_arguments(args: list[np.ndarray | int | float], big_endian: bool) -> bytes:
    """The harness's input file for `args` (see csrc/crosshost.c)."""
    order = ">" if big_endian else "<"
    parts = [f"TZER1 {len(args)}\n".encode()]
    for value in args:
        if isinstance(value, np.ndarray):
            code, bits = dtype_code(value.dtype)
            data = np.ascontiguousarray(value).astype(value.dtype.newbyteorder(order)).tobytes()
            shape = " ".join(str(extent) for extent in value.shape)
            parts.append(f"T {code} {bits} 1 {value.ndim} {shape} {len(data)}\n".replace("  ", " ").encode())
            parts.append(data)
        elif isinstance(value, bool):
            parts.append(f"B {int(value)}\n".encode())
        elif isinstance(value, int):
            parts.append(f"I {value}\n".encode())
        else:
            parts.append(f"F {float(value).hex()}\n".encode())
    return b"".join(parts)


def decode_outputs(data: bytes, args: Arguments, big_endian: bool) -> list[np.ndarray]:
    """The buffer arguments after the call, from the harness's output file."""
    order = ">" if big_endian else "<"
    outputs, offset = [], 0
    for value in args:
        if not isinstance(value, np.ndarray):
            continue
        size = value.nbytes
        if offset + size > len(data):
            raise RunnerError("the harness wrote fewer bytes than the buffers hold")
        raw = np.frombuffer(data, dtype=value.dtype.newbyteorder(order), count=value.size, offset=offset)
        outputs.append(raw.astype(value.dtype).reshape(value.shape))
        offset += size
    return outputs


def encode_source() -> str:
    import inspect

    return inspect.getsource(dtype_code) + "\n\n" + inspect.getsource(encode_arguments)


REPRO_RUN = '''

HARNESS = r"""{harness}"""


{encode}


def run(executable, args, cpu="{cpu}"):
    """Links the build to a small C harness and runs it under {qemu} (Debian: qemu-user)."""
    folder = tempfile.mkdtemp(prefix="repro-")
    include = os.path.join(os.path.dirname(tvm_ffi.__file__), "include")
    with open(os.path.join(folder, "harness.c"), "w") as out:
        out.write(HARNESS)
    executable.mod.write_to_file(os.path.join(folder, "build.o"))
    sources = [os.path.join(folder, "harness.c"), os.path.join(folder, "build.o")]
    subprocess.run([*{compiler}, *{cflags}, "-O1", "-std=c11", "-I", include, "-static", *sources, "-lm", "-o",
                    os.path.join(folder, "build")], check=True)
    with open(os.path.join(folder, "inputs"), "wb") as out:
        out.write(encode_arguments(args, big_endian={big_endian}))
    files = [os.path.join(folder, name) for name in ("build", "inputs", "outputs")]
    subprocess.run(["{qemu}", *(["-cpu", cpu] if cpu else []), *files], check=True)
    data, outputs, offset = open(os.path.join(folder, "outputs"), "rb").read(), [], 0
    for value in args:
        if isinstance(value, np.ndarray):
            raw = np.frombuffer(data, dtype=value.dtype.newbyteorder("{order}"), count=value.size, offset=offset)
            outputs.append(raw.astype(value.dtype).reshape(value.shape))
            offset += value.nbytes
    return outputs
'''

"""The WebAssembly runner: wasm32 LLVM builds, linked by zig cc and run under wasmtime in this process.

TVM writes a wasm32 build as one object file, as it writes any cross build. The qemu runner's
harness (`csrc/crosshost.c`) links to it unchanged: compiled once by `zig cc` for wasm32-wasi
(cached across processes), whose WASI libc gives the harness the file I/O it reads inputs and
writes outputs with. Each build is linked to it statically into a WASI command module, compiled
once by wasmtime, and run in a fresh store per run, so that a run starts from the same memory
each time (repeatable) and a crash of the build is a trap, never a crash of the worker.

Outcomes are those of the qemu runner: the harness's exit status (the build's error, or tzer's
malformed input or a packed call, which need no runtime here), a trap for a signal (the build
reads or writes outside memory, divides by zero, reaches `unreachable`), and a run past
RUN_SECONDS for a hang (an epoch deadline; fuel would slow every run). A trap that can only come
from the harness's side (an indirect call through a runtime pointer it did not fill in,
wasmtime's own stack limit) is a RunnerError, as is a workspace allocation refused because a
run's memory is bounded (MEMORY_BYTES), which natively would succeed.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from memcov.blocks import cache_root
from tzer.runners import zig
from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, RunFailed, Runner, RunnerError
from tzer.runners.qemu import (
    BUILD_ERROR,
    HARNESS,
    LINK_SECONDS,
    MALFORMED,
    NEEDS_RUNTIME,
    RUN_SECONDS,
    decode_outputs,
    encode_arguments,
    encode_source,
    ffi_include,
    run_tool,
    spec_of,
    write_object,
)
from tzer.targets import TargetInfo

ZIG_TARGET = "wasm32-wasi"
# The most linear memory a run may grow to: a wasm32 program can address 4 GiB, but the campaign's
# workers are limited to a few GiB of resident memory each (--rss-limit).
MEMORY_BYTES = 1 << 30
# The builds kept linked and compiled: a test runs its reference and optimized builds, some several times.
KEPT_BUILDS = 4

HARNESS_FLAGS = ("-O1", "-std=c11")
# zig cc passes wasm-ld --stack-first (and refuses it as -Wl): the stack lies below the data, so
# that overflowing it runs off the start of memory and traps instead of overwriting the data and
# heap. 8 MiB is Linux's default stack, the one the same build gets under qemu-user (zig's default
# is 16). -s: TVM's object carries DWARF, which would make the module 20 times larger and
# wasmtime's compile twice as slow. Undefined symbols stay errors: a build that needs more of a
# runtime than the harness defines fails to link, tzer's limit (RunnerError).
LINK_FLAGS = ("-static", "-s", "-Wl,-z,stack-size=8388608")


def _missing_packages() -> list[str]:
    return [name for name, found in (("ziglang", zig.available()),
                                     ("wasmtime", importlib.util.find_spec("wasmtime") is not None)) if not found]


@dataclass
class _Build:
    """A build linked to the harness and compiled by wasmtime, in its own folder for its runs' files."""

    executable: Any  # kept so that its id is not reused while the entry lives
    folder: Path
    engine: Any
    instance_pre: Any


class WasmRunner(Runner):
    name = "wasm"
    repeatable = True
    emulated = True

    def __init__(self) -> None:
        self._scratch: Path | None = None
        self._builds: dict[int, _Build] = {}
        # wasmtime's objects free themselves through its library, which is gone once the
        # interpreter tears its modules down (each would print an ignored exception then).
        atexit.register(self._builds.clear)

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        spec = spec_of(info)
        if spec.get("kind") != "llvm" or not str(spec.get("mtriple", "")).startswith("wasm32"):
            return Refusal(self.name, "not a wasm32 LLVM target")
        missing = _missing_packages()
        if missing:
            verb = "is" if len(missing) == 1 else "are"
            return Refusal(self.name, f"{' and '.join(missing)} {verb} not installed (pip install ziglang wasmtime)")
        return Plan(self.name, f"wasmtime ({ZIG_TARGET}), linked by zig cc")

    # -- running -----------------------------------------------------------------------------
    def scratch(self) -> Path:
        """The folder for the builds' files, removed when this process exits."""
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="tzer-wasm-"))
            atexit.register(shutil.rmtree, self._scratch, ignore_errors=True)
        return self._scratch

    def build(self, executable: Any) -> _Build:
        """The build linked and compiled, once per build (the last few are kept)."""
        import wasmtime

        key, engine = id(executable), _engine()
        found = self._builds.get(key)
        if found is not None and found.executable is executable:
            return found
        folder = Path(tempfile.mkdtemp(dir=self.scratch()))
        obj, program = folder / "build.o", folder / "build.wasm"
        write_object(executable, obj)
        run_tool(zig.zig_cc(ZIG_TARGET, *LINK_FLAGS, str(harness_object()), str(obj), "-lm", "-o", str(program)),
                 "link", zig.link_timeout(ZIG_TARGET, LINK_SECONDS))
        try:
            module = wasmtime.Module.from_file(engine, str(program))
            instance_pre = _linker(engine).instantiate_pre(module)
        except wasmtime.WasmtimeError as error:
            raise RunnerError(f"wasmtime cannot compile the linked build: {str(error).splitlines()[0]}") from error
        for old_key, old in list(self._builds.items())[:-(KEPT_BUILDS - 1)]:
            shutil.rmtree(old.folder, ignore_errors=True)
            del self._builds[old_key]
        self._builds[key] = _Build(executable, folder, engine, instance_pre)
        return self._builds[key]

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        import wasmtime

        build = self.build(executable)
        inputs, outputs, stderr = (build.folder / name for name in ("inputs", "outputs", "stderr"))
        inputs.write_bytes(encode_arguments(args, big_endian=False))
        outputs.unlink(missing_ok=True)
        store = wasmtime.Store(build.engine)
        store.set_limits(memory_size=MEMORY_BYTES)
        wasi = wasmtime.WasiConfig()
        wasi.argv = ["build", "inputs", "outputs"]
        wasi.preopen_dir(str(build.folder), ".")
        wasi.stdout_file = str(build.folder / "stdout")
        wasi.stderr_file = str(stderr)
        store.set_wasi(wasi)
        code = 0
        # Epochs are counted per engine: the deadline is one tick from now, and the timer ticks once.
        store.set_epoch_deadline(1)
        timer = threading.Timer(RUN_SECONDS, build.engine.increment_epoch)
        timer.daemon = True
        timer.start()
        try:
            build.instance_pre.instantiate(store).exports(store)["_start"](store)
        except wasmtime.ExitTrap as exit_trap:
            code = exit_trap.code
        except wasmtime.Trap as trap:
            raise _trap_outcome(trap) from trap
        except wasmtime.WasmtimeError as error:
            raise RunnerError(f"wasmtime failed: {str(error).strip().splitlines()[0][:300]}") from error
        finally:
            # Joined, so that a tick that fires as the run ends cannot land in the next run.
            timer.cancel()
            timer.join()
        message = stderr.read_text("utf-8", "replace").strip() if stderr.exists() else ""
        if code == NEEDS_RUNTIME:
            raise RunnerError(message.splitlines()[-1].removeprefix("crosshost: "))
        if code == BUILD_ERROR and not message:
            # A build's every error sets a message but one: a workspace it allocates that the
            # runtime refuses, here when the run's memory would pass MEMORY_BYTES (natively the
            # same allocation succeeds).
            raise RunnerError(f"the build returned an error without a message, as after a failed workspace "
                              f"allocation: it may need more than the {MEMORY_BYTES >> 20} MiB a run gets")
        if code == BUILD_ERROR:
            raise RunFailed(message.splitlines()[-1])
        if code == MALFORMED:
            raise RunnerError(message.splitlines()[-1] if message else "the harness found its input malformed")
        if code != 0:
            raise RunnerError(f"the harness exited with {code} under wasmtime: {message[-300:]}")
        return decode_outputs(outputs.read_bytes(), args, big_endian=False)

    def repro(self, info: TargetInfo) -> ReproRun:
        return ReproRun(helpers=REPRO_RUN.format(harness=HARNESS.read_text(), target=ZIG_TARGET,
                                                 flags=[*HARNESS_FLAGS, *LINK_FLAGS], encode=encode_source()),
                        imports=("import os", "import subprocess", "import sys", "import tempfile", "import tvm_ffi",
                                 "import wasmtime"),
                        needs="the Python packages ziglang and wasmtime (pip install ziglang wasmtime)")


# Traps by whose fault they are. The build's: what a native build dies of by a signal (SIGSEGV,
# SIGFPE, SIGILL, SIGABRT: wasi-libc's abort is `unreachable`). tzer's: a build calls through a
# function pointer only into the runtime, whose pointers the harness fills in, so a bad indirect
# call is a pointer it left out or a signature it got wrong; and the stack that overflows is
# wasmtime's own (the build's stack is in linear memory, whose overflow is out of bounds).
_BUILD_TRAPS = {
    "MEMORY_OUT_OF_BOUNDS": "out-of-bounds",
    "HEAP_MISALIGNED": "misaligned",
    "UNREACHABLE": "unreachable",
    "INTEGER_DIVISION_BY_ZERO": "divide-by-zero",
    "INTEGER_OVERFLOW": "integer-overflow",
    "BAD_CONVERSION_TO_INTEGER": "bad-conversion",
}
_TIMEOUT_TRAPS = ("INTERRUPT", "OUT_OF_FUEL")


def _trap_outcome(trap: Any) -> Exception:
    code = trap.trap_code.name if trap.trap_code is not None else None
    if code in _BUILD_TRAPS:
        return RunFailed(f"the build traps under wasmtime ({_BUILD_TRAPS[code]})", _BUILD_TRAPS[code])
    if code in _TIMEOUT_TRAPS:
        return RunFailed(f"no result within {RUN_SECONDS:g} s under wasmtime", "timeout")
    first = str(trap).strip().splitlines()[0] if str(trap).strip() else "no message"
    return RunnerError(f"wasmtime trap {code or 'without a code'} on tzer's side: {first[:200]}")


@cache
def _engine() -> Any:
    """This process's engine, which compiles every build's module and runs every store.

    Not for a process forked after a run: wasmtime's WASI does its file I/O on a process-wide
    tokio runtime, whose threads a fork loses (the child hangs at its first file access). The
    campaign's workers are started, not forked."""
    import wasmtime

    config = wasmtime.Config()
    config.epoch_interruption = True
    # Explicit bounds checks instead of guard pages and a SIGSEGV handler: the worker's handlers
    # (faulthandler, TVM's) stay as they are, and a crash of a host build is still the worker's.
    config.signals_based_traps = False
    # Relaxed SIMD may differ between hosts; fixed, a build's results are the same everywhere.
    config.wasm_relaxed_simd_deterministic = True
    # The campaign runs a worker per core already.
    config.parallel_compilation = False
    atexit.register(_close)
    return wasmtime.Engine(config)


def _close() -> None:
    _linker.cache_clear()
    _engine.cache_clear()


@cache
def _linker(engine: Any) -> Any:
    import wasmtime

    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    return linker


@cache
def harness_object() -> Path:
    """The harness compiled for wasm32-wasi, cached across processes by its source, flags and zig's version."""
    source = HARNESS.read_bytes()
    version = importlib.metadata.version("ziglang")
    digest = hashlib.sha256(source + repr((ZIG_TARGET, HARNESS_FLAGS, version)).encode()).hexdigest()[:16]
    path = cache_root() / "crosshost" / f"zig-{ZIG_TARGET}-{digest}.o"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    run_tool(zig.zig_cc(ZIG_TARGET, *HARNESS_FLAGS, "-I", str(ffi_include()), "-c", str(HARNESS), "-o",
                        str(partial)), "compiling the harness", zig.FIRST_LINK_SECONDS)
    os.replace(partial, path)
    return path


REPRO_RUN = '''

HARNESS = r"""{harness}"""


{encode}


def run(executable, args):
    """Links the build to a small C harness with zig cc (pip install ziglang) and runs it under
    wasmtime (pip install wasmtime); a trap raises wasmtime.Trap."""
    folder = tempfile.mkdtemp(prefix="repro-")
    include = os.path.join(os.path.dirname(tvm_ffi.__file__), "include")
    with open(os.path.join(folder, "harness.c"), "w") as out:
        out.write(HARNESS)
    executable.mod.write_to_file(os.path.join(folder, "build.o"))
    sources = [os.path.join(folder, "harness.c"), os.path.join(folder, "build.o")]
    program = os.path.join(folder, "build.wasm")
    subprocess.run([sys.executable, "-m", "ziglang", "cc", "-target", "{target}", *{flags}, "-I", include,
                    *sources, "-lm", "-o", program], check=True)
    with open(os.path.join(folder, "inputs"), "wb") as out:
        out.write(encode_arguments(args, big_endian=False))
    engine = wasmtime.Engine()
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["build", "inputs", "outputs"]
    wasi.preopen_dir(folder, ".")
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store.set_wasi(wasi)
    instance = linker.instantiate(store, wasmtime.Module.from_file(engine, program))
    try:
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exit_trap:
        if exit_trap.code != 0:
            raise RuntimeError(f"the build's harness exited with status {{exit_trap.code}}") from None
    data, outputs, offset = open(os.path.join(folder, "outputs"), "rb").read(), [], 0
    for value in args:
        if isinstance(value, np.ndarray):
            raw = np.frombuffer(data, dtype=value.dtype.newbyteorder("<"), count=value.size, offset=offset)
            outputs.append(raw.astype(value.dtype).reshape(value.shape))
            offset += value.nbytes
    return outputs
'''

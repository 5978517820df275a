"""Two facts about a GPU build that hold whatever the kernels compute, checked without a GPU.

- Host code never loads or stores a buffer that lives in device memory: after
  `tirx.SplitHostDevice`, a GPU function's host part only launches kernels. TVM's VerifyMemory
  pass exists to refuse functions that would break this ("Did you forget to bind?").
- Every kernel the host launches is a launchable entry of the device code: a PTX `.entry`, an
  AMDGPU kernel, a CUDA `__global__`, an OpenCL `__kernel`, a Metal `kernel`, a WGSL `@compute`
  function. A kernel emitted as a plain device function cannot be launched by the driver.

Self-contained (only re, tvm, tvm_ffi): repro.py files carry this module's source.
"""

from __future__ import annotations

import re
from typing import Any

import tvm
import tvm_ffi

KERNEL_LAUNCH = 2  # tvm::CallingConv::kDeviceKernelLaunch
CPU_KINDS = ("llvm", "c")


def is_device_kernel(func: Any) -> bool:
    """Whether `func`, a function of a module SplitHostDevice split, is a kernel the host launches."""
    return func.attrs is not None and int(func.attrs.get("calling_conv", 0)) == KERNEL_LAUNCH


def _buffer_data_base(data: Any) -> Any:
    """`tirx.buffer_data(X)` -> X; anything else -> None."""
    if isinstance(data, tvm.ir.Call) and getattr(data.op, "name", "") == "tirx.buffer_data" and data.args:
        return data.args[0]
    return None


def host_device_accesses(mod: tvm.IRModule) -> list[str]:
    """The loads and stores in the host functions of a GPU module (as `tirx.SplitHostDevice` leaves
    it) that reach a buffer parameter, which lives in device memory; e.g. ["store to B"]."""
    found: list[str] = []
    for _, func in mod.functions_items():
        if not isinstance(func, tvm.tirx.PrimFunc) or func.attrs is None:
            continue
        target = func.attrs.get("target")
        if target is None or target.kind.name in CPU_KINDS or is_device_kernel(func):
            continue
        params = {p.__hash__(): p for p in func.params if isinstance(p.ty, tvm.tirx.BufferType)
                  and str(p.ty.storage_scope or "global") == "global"}
        # A view (DeclBuffer over another buffer's data, or over a variable bound to it) accesses
        # its base's memory: FlattenBuffer turns every parameter access into one.
        base: dict[int, Any] = {}

        def view(decl: Any, base: dict[int, Any] = base) -> None:
            data = decl.data
            origin = _buffer_data_base(data)
            base[decl.buffer.__hash__()] = origin if origin is not None else data

        def bind(stmt: Any, base: dict[int, Any] = base) -> None:
            origin = _buffer_data_base(stmt.value)
            if origin is not None:
                base[stmt.var.__hash__()] = origin

        tvm_ffi.structural_walk(func.body, [(tvm.tirx.DeclBuffer, view), (tvm.tirx.Bind, bind)], order="pre")

        def reaches_parameter(buffer: Any, base: dict[int, Any] = base, params: dict[int, Any] = params) -> bool:
            for _ in range(64):
                if buffer.__hash__() in params:
                    return True
                buffer = base.get(buffer.__hash__())
                if buffer is None:
                    return False
            return False

        in_kernel = [0]

        def on_attr(stmt: Any, visitor: Any, in_kernel: list[int] = in_kernel) -> None:
            launch = stmt.attr_key == "thread_extent"
            in_kernel[0] += launch
            visitor.default_visit(stmt)
            in_kernel[0] -= launch

        def access(what: str, buffer: Any, in_kernel: list[int] = in_kernel) -> None:
            if not in_kernel[0] and reaches_parameter(buffer):
                found.append(f"{what} {buffer.name}")

        def on_store(stmt: Any, visitor: Any) -> None:
            access("store to", stmt.buffer)
            visitor.default_visit(stmt)

        def on_load(expr: Any, visitor: Any) -> None:
            access("load from", expr.source)
            visitor.default_visit(expr)

        tvm_ffi.structural_visit(func.body, ((tvm.tirx.AttrStmt, on_attr), (tvm.tirx.BufferStore, on_store),
                                             (tvm.ir.TensorLoad, on_load)))
    return list(dict.fromkeys(found))


# A name the host looks up to launch (`GetPackedFuncHandle` in TVM's CPU code generator emits a
# global `.tvm_func.<name>` for each).
_LAUNCHED = re.compile(r'^@(?:"\.tvm_func\.((?:[^"\\]|\\.)*)"|\.tvm_func\.([-\w.$]+))\s*=', re.M)
_NAME = r"([A-Za-z_$][\w$.]*)"
# What marks a launchable kernel in each code generator's output, and which output to read.
ENTRY_MARKERS: dict[str, tuple[str, re.Pattern[str]]] = {
    "cuda": ("", re.compile(r'extern\s+"C"\s+__global__\s+void\s+(?:__launch_bounds__\([^)]*\)\s+)?'
                            + _NAME + r"\s*\(")),
    "nvptx": ("ptx", re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+" + _NAME + r"\s*\(", re.M)),
    "rocm": ("asm", re.compile(r"^\s*\.amdhsa_kernel\s+" + _NAME + r"\s*$", re.M)),
    "opencl": ("", re.compile(r"__kernel\s+void\s+" + _NAME + r"\s*\(")),
    "metal": ("", re.compile(r"\bkernel\s+void\s+" + _NAME + r"\s*\(")),
    "webgpu": ("", re.compile(r"@compute\s+@workgroup_size\([^)]*\)\s*fn\s+" + _NAME + r"\s*\(")),
}


def launched_kernels(executable: Any) -> list[str]:
    """The kernels the host code of a GPU build launches, by name (TVM's own builtins left out)."""
    names = {a or b for a, b in _LAUNCHED.findall(str(executable.mod.inspect_source("ll")))}
    return sorted(name for name in names if not name.startswith("__tvm"))


def kernel_entries(executable: Any, kind: str) -> list[str] | None:
    """The launchable kernels of the build's device code; None where the kind has no known marker."""
    if kind not in ENTRY_MARKERS:
        return None
    source_format, marker = ENTRY_MARKERS[kind]
    entries: list[str] = []
    for module in executable.mod.imports:
        entries += marker.findall(str(module.inspect_source(source_format)))
    return list(dict.fromkeys(entries))


def unlaunchable_kernels(executable: Any, kind: str) -> list[str]:
    """The kernels the host launches that the device code does not define as launchable entries."""
    entries = kernel_entries(executable, kind)
    if entries is None:
        return []
    return [name for name in launched_kernels(executable) if name not in entries]

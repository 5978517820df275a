"""Running the WGSL kernels of a `webgpu` build on the CPU: wgpu-native over Mesa's lavapipe.

The wheel has no WebGPU runtime, so this module is one: it does for a `Program` (the launches
of the build's host code, tzer/runners/launch.py) what TVM's JavaScript runtime does in a
browser. What it mirrors, cited at apache/tvm 5d4dc8721307 (main), where the codegen is
src/backend/webgpu/codegen/codegen_webgpu.cc (formerly src/target/source/); the 0.27 wheel's WGSL
has the same headers, bindings, PODArgs and guard:

- the device (web/src/webgpu.ts:53-171, detectGPUDevice): maxBufferSize 1 GiB else 256 MiB,
  maxStorageBufferBindingSize 1 GiB else 128 MiB (lavapipe: 128 MiB),
  maxComputeWorkgroupStorageSize 32 KiB, maxStorageBuffersPerShaderStage 10,
  maxComputeInvocationsPerWorkgroup the first of 1024/512/256 the adapter allows, features
  shader-f16 and subgroups where the adapter has them; every other compute limit keeps the
  WebGPU default (wgpu-py would otherwise hand out the adapter's own limits): workgroups of at
  most 256 x 256 x 64 threads, at most 65535 workgroups per dimension;
- one shader module and compute pipeline per kernel, entry point the kernel's name, with the
  explicit layout of webgpu.ts:702-739: binding i for the i-th buffer argument, "storage" where
  the codegen declared it `read_write` and "read-only-storage" where `read`
  (codegen_webgpu.cc:248-263 writes both that declaration and the paramWriteAccess tag the
  runtime reads), then one "uniform" binding for the POD arguments;
- the `PODArgs` uniform (codegen_webgpu.cc:272-306, webgpu.ts:800-830): one 4-byte word per
  scalar argument, in argument order, written as int32 (dtype "int*", wrapping like a JS
  Int32Array), uint32 ("uint*") or float32 ("float*"), then `packGridDimX`, the blockIdx.x
  extent; other scalar types are refused (webgpu.ts:717-721, codegen_webgpu.cc:288-296);
- the dispatch (webgpu.ts:762-789, 837): workgroups = the blockIdx.x/y/z extents (threadIdx
  extents are baked into @workgroup_size), blockIdx.z must be 1, and a blockIdx.x extent of
  65536 or more is halved (rounding up) into x while z doubles. The kernel recovers the block as
  `blockIdx.z * gridDim.x + blockIdx.x` and skips blocks by `... > podArgs.packGridDimX`
  (codegen_webgpu.cc:330-332, 347-353). That guard is `>`, not `>=`: where the halving pads
  (an odd extent over 65535), block number `extent` itself runs, exactly as in TVM's runtime;
- buffers (webgpu.ts:933-947, 963-991): each memory region is one storage buffer of its size
  rounded up to 4 bytes (at least 4), filled from the region before the first launch; all
  launches are recorded into one command encoder, one compute pass each (webgpu.ts:750-838),
  and every region is read back after the last.

Where the run differs from TVM's runtime, it is for this platform's sake:

- Mesa's llvmpipe (lavapipe's compiler) ends every loop of a shader once the loops of one SIMD
  group of invocations (8 lanes at 256 bits) have gone round 65535 times in all
  (LP_MAX_TGSI_LOOP_ITERATIONS, lp_bld_limits.h), silently: a longer loop gives wrong results,
  and an endless loop ends (so no kernel hangs here). Each kernel therefore counts, per thread,
  its loop iterations (plus one per loop it could enter, for the iteration that leaves it) in
  a private variable and raises a flag in one extra storage binding once any thread's count
  could have let its group reach the cap (65535 / lanes). A flagged run raises PlatformLimit; the
  count changes no value the kernel computes. The device asks for one storage buffer more than
  TVM (11), and a kernel of more than TVM's 10 is refused here first.
- The readback waits at most `timeout` seconds (RUN_SECONDS); a slower run raises PlatformLimit
  and the device is dropped (the next run makes a new one; the old one's CPU threads finish
  the work in the background). wgpu-native offers no way to cancel submitted work.
- Out-of-bounds accesses do not crash: WebGPU's robust buffer access keeps them inside the
  binding (lavapipe drops such stores and reads zero), which is also why the extra block above
  changes nothing here.

Whose fault a failure is (tzer.drivers.program): SourceRefused is the build's (its code
generator's), judged like any build failure; PlatformLimit is tzer's or the platform's, never a
finding.

- SourceRefused (`WGSL compiler (naga)`): WGSL that naga rejects as malformed (a parse or type
  error, an unknown name such as the `fmodf` the 0.27 codegen writes for a float truncmod): TVM's
  codegen wrote a shader that no WebGPU accepts, and TVM's runtime would fail to create it. naga
  checks less than a browser's Tint (it takes a barrier in non-uniform control flow), so some such
  WGSL runs here.
- PlatformLimit: what this platform or TVM's runtime cannot do by design, whatever the build:
  types WGSL lacks (i8/u8/i16/u16, which the codegen emits for int8/uint8/int16/bool buffers),
  WGSL extensions or features the device lacks (f16 without shader-f16), naga messages that say
  "not supported/implemented", device limits (workgroup size, workgroup memory, storage buffers
  per stage, workgroups per dimension, binding sizes), launch tags TVM's runtime refuses
  (blockIdx.z, dynamic shared memory), llvmpipe's loop cap, the timeout, and any mismatch
  between a launch and its kernel's interface (tzer's evaluator or split is wrong).
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tzer.drivers.program import DYNAMIC_SHARED, Launch, PlatformLimit, Pointer, Program, Scalar, SourceRefused

RUN_SECONDS = 5.0
COMPILER = "WGSL compiler (naga)"

# TVM's requests (webgpu.ts:69-140); its runtime asks for these and fails below them.
TVM_BUFFER_SIZES = (1 << 30, 1 << 28)
TVM_BINDING_SIZES = (1 << 30, 1 << 27)
TVM_WORKGROUP_STORAGE = 32 << 10
TVM_STORAGE_BUFFERS = 10
TVM_INVOCATIONS = (1024, 512, 256)
TVM_FEATURES = ("shader-f16", "subgroup")  # wgpu-py's name of WebGPU's "subgroups"
# WebGPU's default limits (https://www.w3.org/TR/webgpu/#limits), which a browser gives every
# limit TVM does not ask for.
WEBGPU_DEFAULT_LIMITS = {
    "max-compute-workgroup-size-x": 256,
    "max-compute-workgroup-size-y": 256,
    "max-compute-workgroup-size-z": 64,
    "max-compute-workgroups-per-dimension": 65535,
    "max-uniform-buffer-binding-size": 65536,
    "max-uniform-buffers-per-shader-stage": 12,
    "max-bind-groups": 4,
    "max-bindings-per-bind-group": 1000,
}
# llvmpipe's cap on the loop iterations of one SIMD group (Mesa, lp_bld_limits.h).
LLVMPIPE_LOOP_CAP = 65535
WGSL_MISSING_TYPES = ("i8", "u8", "i16", "u16")
DRIVER_HINT = "install Mesa's Vulkan drivers (Debian: mesa-vulkan-drivers)"
# Words of a naga or wgpu message about what this platform lacks, not about what the WGSL gets wrong.
PLATFORM_WORDS = (
    "not supported",
    "unsupported",
    "not implemented",
    "extension",
    "capabilit",
    "feature",
    "limit",
    "exceed",
)


# -- the kernels of a build -----------------------------------------------------------------------

_FUNCTION_HEADER = re.compile(r"^// Function: (\S+)\s*$", re.MULTILINE)
_STORAGE = re.compile(r"@group\(0\) @binding\((\d+)\) var<storage, (read|read_write)> (\w+) : array<(.+)>;")
_UNIFORM = re.compile(r"@group\(0\) @binding\((\d+)\) var<uniform> (\w+) : (\w+);")
_WORKGROUP_VAR = re.compile(r"var<workgroup> \w+ : array<(.+), (\d+)>;")
_LOOP_HEADER = re.compile(r"^\s*(for \(.*\)|while \(.*\)|loop)\s*\{\s*$")
_SCALAR_BYTES = {"f16": 2, "f32": 4, "i32": 4, "u32": 4, "bool": 4}


def split_wgsl(source: str) -> dict[str, str]:
    """The WGSL of each kernel of a build's source, by kernel name.

    The source repeats each kernel's `// Function: name` header (BuildWebGPU's marker, then the
    codegen's own); a header of another name starts the next kernel. Each kernel needs a module
    of its own: every one declares its own `PODArgs` and bindings."""
    starts = [(match.start(), match.group(1)) for match in _FUNCTION_HEADER.finditer(source)]
    kernels: dict[str, str] = {}
    bounds: list[tuple[int, str]] = []
    for start, name in starts:
        if not bounds or bounds[-1][1] != name:
            bounds.append((start, name))
    for index, (start, name) in enumerate(bounds):
        end = bounds[index + 1][0] if index + 1 < len(bounds) else len(source)
        kernels[name] = source[start:end]
    return kernels


@dataclass(frozen=True)
class KernelInterface:
    """What a kernel's WGSL says about its launch: the access of each buffer binding (True:
    read_write), the number of POD words before packGridDimX, and the bytes of workgroup memory
    it declares."""

    name: str
    writes: tuple[bool, ...]
    pod_fields: int
    workgroup_bytes: int


def kernel_interface(name: str, text: str) -> KernelInterface:
    storage = sorted((int(index), access == "read_write") for index, access, _, _ in _STORAGE.findall(text))
    if [index for index, _ in storage] != list(range(len(storage))):
        raise PlatformLimit(f"kernel {name}: its storage bindings are not numbered 0..n-1 as TVM's runtime binds them")
    uniform = _UNIFORM.search(text)
    if uniform is None or int(uniform.group(1)) != len(storage):
        raise PlatformLimit(f"kernel {name}: no PODArgs uniform after its storage bindings")
    struct = re.search(r"struct " + re.escape(uniform.group(3)) + r" \{(.*?)\}", text, re.DOTALL)
    if struct is None:
        raise PlatformLimit(f"kernel {name}: no declaration of struct {uniform.group(3)}")
    fields = [line for line in struct.group(1).split(",") if line.strip()]
    if not fields or not fields[-1].strip().startswith("packGridDimX"):
        raise PlatformLimit(f"kernel {name}: its PODArgs does not end with packGridDimX")
    workgroup_bytes = sum(_element_bytes(element) * int(count) for element, count in _WORKGROUP_VAR.findall(text))
    return KernelInterface(name, tuple(write for _, write in storage), len(fields) - 1, workgroup_bytes)


def _element_bytes(element: str) -> int:
    """Bytes of a WGSL array element (its stride), as codegen_webgpu.cc:55-69 computes it."""
    vector = re.fullmatch(r"vec([234])<(\w+)>", element)
    if vector:
        lanes = int(vector.group(1))
        return _SCALAR_BYTES.get(vector.group(2), 4) * (4 if lanes == 3 else lanes)
    return _SCALAR_BYTES.get(element, 4)


def count_loops(name: str, text: str, limit: int) -> str:
    """The kernel with each thread's loop iterations counted in `tzer_loops`, and the flag of
    binding `tzer_loop_flag` raised once a count reaches `limit` (see the module docstring).

    A loop body adds 1 (its iteration) plus one per loop directly inside it (each may run one
    more, leaving, iteration on the SIMD group, or one with no lane active); the function body
    adds one per top-level loop. The codegen writes one statement or brace per line
    (codegen_webgpu.cc:784-827), which the brace scan below relies on."""
    lines = text.split("\n")
    entry = next((i for i, line in enumerate(lines) if line.startswith(f"fn {name}(")), None)
    if entry is None:
        raise PlatformLimit(f"kernel {name}: no entry function fn {name}( in its WGSL")
    body = next(i for i in range(entry, len(lines)) if lines[i].rstrip().endswith("{"))
    # The count each scope adds, by the line it goes after: the function body, then each loop.
    counts: dict[int, int] = {body: 0}
    braces = [False]  # per open brace, whether it opens a loop
    loops = [body]  # the open loops, innermost last
    for index in range(body + 1, len(lines)):
        line = lines[index].split("//")[0]
        is_loop = _LOOP_HEADER.match(line) is not None
        for char in line:
            if char == "{":
                braces.append(is_loop)
                if is_loop:
                    counts[loops[-1]] += 1
                    counts[index] = 1
                    loops.append(index)
            elif char == "}" and braces.pop():
                loops.pop()
        if not braces:
            break
    inserted = list(lines)
    for after in sorted(counts, reverse=True):
        if counts[after]:
            inserted.insert(after + 1, f"  tzer_count_loops({counts[after]}u);")
    return "\n".join(inserted) + (
        "\nvar<private> tzer_loops : u32;\n"
        "fn tzer_count_loops(n : u32) {\n"
        "  tzer_loops = tzer_loops + n;\n"
        f"  if (tzer_loops >= {limit}u) {{ tzer_loop_flag[0] = 1u; }}\n"
        "}\n"
    )


def _declare_flag(text: str, binding: int) -> str:
    return text + f"@group(0) @binding({binding}) var<storage, read_write> tzer_loop_flag : array<u32>;\n"


# -- the device -------------------------------------------------------------------------------------


@dataclass
class _Kernel:
    interface: KernelInterface
    pipeline: Any
    layout: Any


@dataclass
class _Device:
    device: Any
    name: str
    lanes: int
    kernels: dict[str, _Kernel] = field(default_factory=dict)


_lock = threading.Lock()
_current: _Device | None = None
_problem: str | None = None


def problem() -> str | None:
    """None where the lavapipe WebGPU device is usable here, else why not (in words)."""
    try:
        _device()
    except Exception as error:  # noqa: BLE001 - asked not to raise
        return str(error) or type(error).__name__
    return None


def device_name() -> str:
    """The adapter's name, for a runner's plan (`wgpu on llvmpipe (LLVM 15.0.6, 256 bits) via Vulkan`)."""
    return f"wgpu on {_device().name}"


def _device() -> _Device:
    global _current, _problem
    with _lock:
        if _current is not None:
            return _current
        if _problem is not None:
            raise PlatformLimit(_problem)
        try:
            _current = _open_device()
        except PlatformLimit as error:
            _problem = str(error)
            raise
        return _current


def _drop_device() -> None:
    global _current
    with _lock:
        _current = None


def _open_device() -> _Device:
    try:
        import wgpu
        from wgpu.backends.wgpu_native import extras
    except ImportError as error:
        raise PlatformLimit(f"wgpu is not installed (pip install wgpu): {error}") from error
    _quiet_xdg_runtime_dir()
    try:
        # Only Vulkan has lavapipe; skipping the GL probe saves half a second. The instance is
        # the process's: where something made it already, it keeps its backends.
        extras.set_instance_extras(backends=["Vulkan"])
    except RuntimeError:
        pass
    try:
        adapters = wgpu.gpu.enumerate_adapters_sync()
    except Exception as error:  # noqa: BLE001 - wgpu-native without a loader raises anything
        raise PlatformLimit(f"wgpu finds no adapter ({_first_line(error)}): {DRIVER_HINT}") from error
    cpu = [a for a in adapters if a.info.get("adapter_type") == "CPU" and a.info.get("backend_type") == "Vulkan"]
    cpu.sort(key=lambda a: "llvmpipe" not in f"{a.info.get('vendor')} {a.info.get('device')}")
    if not cpu:
        found = ", ".join(a.summary for a in adapters) or "none"
        raise PlatformLimit(f"no Vulkan CPU adapter (lavapipe) among wgpu's adapters ({found}): {DRIVER_HINT}")
    adapter = cpu[0]
    limits = adapter.limits
    required = dict(WEBGPU_DEFAULT_LIMITS)
    for key, wanted in (("max-buffer-size", TVM_BUFFER_SIZES), ("max-storage-buffer-binding-size", TVM_BINDING_SIZES)):
        fits = [size for size in wanted if size <= limits[key]]
        if not fits:
            raise PlatformLimit(f"{adapter.summary}: {key} {limits[key]} is below TVM's {wanted[-1]}")
        required[key] = fits[0]
    if limits["max-compute-workgroup-storage-size"] < TVM_WORKGROUP_STORAGE:
        raise PlatformLimit(f"{adapter.summary}: less workgroup storage than TVM's {TVM_WORKGROUP_STORAGE} bytes")
    required["max-compute-workgroup-storage-size"] = TVM_WORKGROUP_STORAGE
    # One more than TVM's 10: the loop-count flag's binding.
    if limits["max-storage-buffers-per-shader-stage"] < TVM_STORAGE_BUFFERS + 1:
        raise PlatformLimit(f"{adapter.summary}: fewer than {TVM_STORAGE_BUFFERS + 1} storage buffers per stage")
    required["max-storage-buffers-per-shader-stage"] = TVM_STORAGE_BUFFERS + 1
    invocations = [n for n in TVM_INVOCATIONS if n <= limits["max-compute-invocations-per-workgroup"]]
    if invocations:
        required["max-compute-invocations-per-workgroup"] = invocations[0]
    features = [name for name in TVM_FEATURES if name in adapter.features]
    try:
        device = adapter.request_device_sync(required_features=features, required_limits=required)
    except Exception as error:  # noqa: BLE001 - any refusal means no device
        raise PlatformLimit(f"{adapter.summary} refuses a device: {_first_line(error)}") from error
    bits = re.search(r"(\d+) bits", str(adapter.info.get("device", "")))
    # A SIMD group of llvmpipe holds one 32-bit lane per 32 bits of its vectors; assume the
    # widest (512 bits) where the name does not say.
    lanes = int(bits.group(1)) // 32 if bits else 16
    return _Device(device, adapter.summary, max(lanes, 1))


def _quiet_xdg_runtime_dir() -> None:
    """Mesa's Vulkan loader prints "XDG_RUNTIME_DIR is invalid" once per adapter where the
    variable names no directory; a private empty one silences it (nothing is written there)."""
    current = os.environ.get("XDG_RUNTIME_DIR")
    if not current or not os.path.isdir(current):
        os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="tzer-xdg-")


def _kernel(dev: _Device, name: str, text: str) -> _Kernel:
    found = dev.kernels.get(text)
    if found is not None:
        return found
    interface = kernel_interface(name, text)
    _check_static_limits(interface, text)
    flag_binding = len(interface.writes) + 1
    limit = LLVMPIPE_LOOP_CAP // dev.lanes
    shader = _declare_flag(count_loops(name, text, limit), flag_binding)
    device = dev.device
    try:
        module = device.create_shader_module(label=name, code=shader)
    except Exception as error:  # noqa: BLE001 - wgpu raises GPUValidationError, or a Rust panic's error
        line = _first_line(error)
        if _is_platform_limit(line):
            raise PlatformLimit(f"kernel {name}: naga cannot compile it here: {line}") from error
        raise SourceRefused(COMPILER, f"the WGSL of kernel {name} does not compile: {line}") from error
    entries = [
        {"binding": i, "visibility": "COMPUTE", "buffer": {"type": "storage" if write else "read-only-storage"}}
        for i, write in enumerate(interface.writes)
    ]
    entries.append({"binding": len(entries), "visibility": "COMPUTE", "buffer": {"type": "uniform"}})
    entries.append({"binding": flag_binding, "visibility": "COMPUTE", "buffer": {"type": "storage"}})
    try:
        layout = device.create_bind_group_layout(entries=entries)
        pipeline = device.create_compute_pipeline(
            layout=device.create_pipeline_layout(bind_group_layouts=[layout]),
            compute={"module": module, "entry_point": name},
        )
    except Exception as error:  # noqa: BLE001 - a limit of the device, or a layout tzer got wrong
        raise PlatformLimit(f"kernel {name}: no pipeline on this device: {_first_line(error)}") from error
    kernel = _Kernel(interface, pipeline, layout)
    dev.kernels[text] = kernel
    return kernel


def _check_static_limits(interface: KernelInterface, text: str) -> None:
    name = interface.name
    # As a type (`array<i8>`, `: i8`, `i8(...)`), not a variable of that name.
    missing = sorted({t for t in WGSL_MISSING_TYPES if re.search(rf"(<|: ){t}\b|\b{t}\(", text)})
    if missing:
        raise PlatformLimit(f"kernel {name}: WGSL has no type {', '.join(missing)} (TVM emits it for 8/16-bit buffers)")
    if len(interface.writes) > TVM_STORAGE_BUFFERS:
        raise PlatformLimit(
            f"kernel {name}: {len(interface.writes)} storage buffers, over the "
            f"{TVM_STORAGE_BUFFERS} TVM's runtime asks the device for"
        )
    if interface.workgroup_bytes > TVM_WORKGROUP_STORAGE:
        # wgpu does not check this limit itself; a browser would refuse the pipeline.
        raise PlatformLimit(
            f"kernel {name}: {interface.workgroup_bytes} bytes of workgroup memory, over TVM's {TVM_WORKGROUP_STORAGE}"
        )


def _is_platform_limit(message: str) -> bool:
    lowered = message.lower()
    return any(word in lowered for word in PLATFORM_WORDS)


def _first_line(error: BaseException) -> str:
    """The informative line(s) of a wgpu error: its cause, not the banner or the source excerpt."""
    keep = []
    for raw in str(error).splitlines():
        line = raw.strip()
        if not line or line in ("Validation Error", "Caused by:") or line.startswith("In wgpu"):
            continue
        if line[0] in "┌│·=" or line.startswith("wgsl:"):
            if keep:
                break
            continue
        keep.append(line)
    return ": ".join(keep) or type(error).__name__


# -- a run ------------------------------------------------------------------------------------------


def compile_kernels(source: str) -> None:
    """Compiles every kernel of `source` for the device, as TVM's runtime does when the build loads
    (raises SourceRefused, PlatformLimit)."""
    dev = _device()
    for name, text in split_wgsl(source).items():
        _kernel(dev, name, text)


def run_wgsl(source: str, program: Program, timeout: float = RUN_SECONDS) -> None:
    """Runs every launch of `program` in order on the WebGPU device (lavapipe), with the kernels of
    `source` (the build's WGSL, `executable.mod.imports[0].inspect_source()`), leaving the memory
    regions' final contents in program.memory (in place, same dtypes/shapes).

    Raises SourceRefused where the build's WGSL does not compile, PlatformLimit where the run meets a
    limit of this platform or of tzer (see the module docstring)."""
    dev = _device()  # first: it raises PlatformLimit where wgpu is missing
    import wgpu

    kernels = split_wgsl(source)
    plans = [_plan(dev, kernels, launch, len(program.memory)) for launch in program.launches]
    device = dev.device
    usage = wgpu.BufferUsage
    try:
        buffers = [
            device.create_buffer_with_data(data=_padded(region), usage=usage.STORAGE | usage.COPY_SRC | usage.COPY_DST)
            for region in program.memory
        ]
        flag = device.create_buffer_with_data(data=bytes(4), usage=usage.STORAGE | usage.COPY_SRC)
        encoder = device.create_command_encoder()
        for launch, (kernel, pod, workgroups) in zip(program.launches, plans, strict=True):
            entries = [
                {"binding": i, "resource": {"buffer": buffers[arg.region]}}
                for i, arg in enumerate(a for a in launch.args if isinstance(a, Pointer))
            ]
            uniform = device.create_buffer_with_data(data=pod, usage=usage.UNIFORM)
            entries.append({"binding": len(entries), "resource": {"buffer": uniform}})
            entries.append({"binding": len(entries), "resource": {"buffer": flag}})
            bind_group = device.create_bind_group(layout=kernel.layout, entries=entries)
            compute = encoder.begin_compute_pass()
            compute.set_pipeline(kernel.pipeline)
            compute.set_bind_group(0, bind_group)
            compute.dispatch_workgroups(*workgroups)
            compute.end()
        sizes = [buffer.size for buffer in buffers] + [4]
        staging = device.create_buffer(size=sum(sizes), usage=usage.MAP_READ | usage.COPY_DST)
        offset = 0
        for buffer, size in zip([*buffers, flag], sizes, strict=True):
            encoder.copy_buffer_to_buffer(buffer, 0, staging, offset, size)
            offset += size
        device.queue.submit([encoder.finish()])
    except (SourceRefused, PlatformLimit):
        raise
    except Exception as error:  # noqa: BLE001 - wgpu's validation of what tzer recorded
        raise PlatformLimit(f"wgpu refuses the run: {_first_line(error)}") from error
    data = _read_back(staging, timeout)
    if np.frombuffer(data[-4:], np.uint32)[0]:
        raise PlatformLimit(
            f"a thread runs {LLVMPIPE_LOOP_CAP // dev.lanes}+ loop iterations: llvmpipe stops the loops of "
            f"{dev.lanes} threads after {LLVMPIPE_LOOP_CAP} in all, so the results may not be the build's"
        )
    offset = 0
    for region, size in zip(program.memory, sizes[:-1], strict=True):
        np.copyto(region, np.frombuffer(data, region.dtype, count=region.size, offset=offset).reshape(region.shape))
        offset += size


def _plan(dev: _Device, kernels: dict[str, str], launch: Launch, regions: int) -> tuple[_Kernel, bytes, list[int]]:
    """The kernel of a launch, its PODArgs bytes and its workgroup counts, as TVM's runtime makes
    them (webgpu.ts:684-699, 762-821)."""
    text = kernels.get(launch.kernel)
    if text is None:
        raise PlatformLimit(f"the WGSL has no kernel {launch.kernel} (it has {', '.join(kernels) or 'none'})")
    for tag in launch.extents:
        if tag == DYNAMIC_SHARED or not tag.startswith(("blockIdx.", "threadIdx.")):
            raise PlatformLimit(f"TVM's WebGPU runtime cannot launch with {tag} (kernel {launch.kernel})")
    kernel = _kernel(dev, launch.kernel, text)
    pointers = [arg for arg in launch.args if isinstance(arg, Pointer)]
    scalars = [arg for arg in launch.args if isinstance(arg, Scalar)]
    if len(pointers) != len(kernel.interface.writes) or len(scalars) != kernel.interface.pod_fields:
        raise PlatformLimit(
            f"kernel {launch.kernel}: {len(pointers)} buffers and {len(scalars)} scalars launched, "
            f"its WGSL declares {len(kernel.interface.writes)} and {kernel.interface.pod_fields}"
        )
    if any(arg.region >= regions for arg in pointers):
        raise PlatformLimit(f"kernel {launch.kernel}: an argument points past the program's memory")
    grid = list(launch.grid())
    if grid[2] != 1:
        raise PlatformLimit("TVM's WebGPU runtime reserves blockIdx.z for large blockIdx.x grids")
    pack_x = grid[0]
    while grid[0] >= 1 << 16:
        grid[0] = (grid[0] + 1) // 2
        grid[2] *= 2
    too_many = [n for n in grid if n > WEBGPU_DEFAULT_LIMITS["max-compute-workgroups-per-dimension"]]
    if too_many:
        raise PlatformLimit(f"kernel {launch.kernel}: {too_many[0]} workgroups in one dimension, over WebGPU's 65535")
    words = np.zeros(len(scalars) + 1, np.uint32)
    for index, scalar in enumerate(scalars):
        words[index] = _pod_word(scalar, launch.kernel)
    words[-1] = pack_x & 0xFFFFFFFF
    return kernel, words.tobytes(), grid


def _pod_word(scalar: Scalar, kernel: str) -> int:
    """A scalar as the 32 bits TVM's runtime writes (a JS typed-array store: ints wrap, floats round)."""
    if scalar.dtype.startswith(("int", "uint")):
        return int(scalar.value) & 0xFFFFFFFF
    if scalar.dtype.startswith("float"):
        with np.errstate(over="ignore"):
            return int(np.array([scalar.value], np.float32).view(np.uint32)[0])
    raise PlatformLimit(f"TVM's WebGPU runtime cannot pass a {scalar.dtype} argument (kernel {kernel})")


def _padded(region: np.ndarray) -> bytes:
    data = np.ascontiguousarray(region).tobytes()
    return data + bytes(max(4, -(-len(data) // 4) * 4) - len(data))


def _read_back(staging: Any, timeout: float) -> bytes:
    """The staging buffer's bytes once the queue is done, waiting at most `timeout` seconds (in a
    thread: wgpu's own wait has no timeout)."""
    import wgpu

    result: list[Any] = []

    def wait() -> None:
        try:
            staging.map_sync(wgpu.MapMode.READ)
            result.append(bytes(staging.read_mapped()))
            staging.unmap()
        except Exception as error:  # noqa: BLE001 - handed to the caller
            result.append(error)

    waiter = threading.Thread(target=wait, name="tzer-wgsl-readback", daemon=True)
    waiter.start()
    waiter.join(timeout)
    if not result:
        # The device's queue stays busy with this run: later runs get a new device.
        _drop_device()
        raise PlatformLimit(f"no result from lavapipe within {timeout:g} s")
    if isinstance(result[0], Exception):
        raise PlatformLimit(f"wgpu cannot read the results back: {_first_line(result[0])}") from result[0]
    return result[0]


def run(source: str, program: Program) -> list[np.ndarray]:
    """The memory regions after `run_wgsl` (the driver process's request)."""
    run_wgsl(source, program)
    return program.memory

"""GPU tests built here, run on a GPU machine that has only TVM's runtime, judged there.

    # here (no GPU needed): build up to N GPU tests of a campaign's queue into a bundle
    python experiments/gpu_batch.py build OUT BUNDLE [--limit 500] [--targets cuda,nvptx]
    # on the GPU machine (Python with numpy and the apache-tvm wheel, or its runtime part alone):
    python gpu_batch.py run BUNDLE [--device cuda] [--arch sm_90] [--jobs N]

`build` takes the queue entries of the campaign's GPU targets (and, with --retarget, moves CPU
entries to them, binding their loops to GPU threads as the fuzzer does), applies each entry's
passes, builds it with `tvm.compile` for its target, and writes per test: the exported library
(host code with the device module), the inputs, the outputs tzer's reference interpreter expects,
and meta.json. It copies itself into the bundle, which is all the GPU machine needs.

`run` runs each test in a child process (a bad kernel can kill it), compares the outputs with the
expected ones as the GPU computes (TVM builds CUDA with fast math: an element where either side is
NaN or the expected value is denormal is not judged; floats within the dtype's tolerance) and
prints the table: tests, loaded, ran, matched, differed, crashed, failed, per target.

With the wheel's runtime only (`TVM_USE_RUNTIME_LIB=1`, see ../shared/reference/gpu/NOTES.md),
`run` loads libtvm_runtime_cuda.so itself and registers NVRTC as the CUDA compiler (--arch).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

TOLERANCES = {"float16": (5e-2, 1e-2), "bfloat16": (5e-2, 1e-2)}
DEFAULT_TOLERANCE = (1e-2, 1e-3)
RUN_SECONDS = 60


# -- build (here) ------------------------------------------------------------------------------
def build_bundle(out: Path, bundle: Path, limit: int, wanted: tuple[str, ...], retarget: bool) -> None:
    import tvm

    from tirkit.script import from_script
    from tzer import targets
    from tzer.campaign.testcase import TestCase
    from tzer.passes import autoschedule
    from tzer.passes.registry import instantiate, pass_context
    from tzer.reference import InterpreterOutcome, UndefinedBehaviour, interpret
    from tzer.runtime.inputs import NotRunnable, make_arguments

    bundle.mkdir(parents=True, exist_ok=True)
    shutil.copy(__file__, bundle / "gpu_batch.py")
    counts: Counter[str] = Counter()
    entries = sorted((out / "queue").glob("id_*"))
    made = 0
    for index, folder in enumerate(entries):
        if made >= limit:
            break
        case = TestCase.load(folder)
        target = case.meta.get("target", targets.HOST)
        if target not in wanted:
            if not retarget or "threadIdx" in case.script:
                continue
            target = wanted[index % len(wanted)]
        info = targets.get(target)
        try:
            func = from_script(case.script).with_attr("global_symbol", "main")
            func = info.prepare(func, autoschedule.binds_threads(func, case.passes))
            args = make_arguments(func, np.random.default_rng(index))
            expected = interpret(func, args)
        except (NotRunnable, UndefinedBehaviour, InterpreterOutcome, ValueError) as reason:
            counts[f"skipped: {type(reason).__name__}"] += 1
            continue
        mod = tvm.IRModule({"main": func})
        try:
            for spec in case.passes:
                with pass_context(spec):
                    mod = instantiate(spec, info.target())(mod)
            with info.pass_context(3):
                executable = tvm.compile(mod, target=info.target())
        except Exception as error:  # noqa: BLE001 - a test that does not build is the fuzzer's finding
            counts[f"skipped: does not build ({type(error).__name__})"] += 1
            continue
        test = bundle / f"t{made:05d}"
        test.mkdir(exist_ok=True)
        executable.export_library(str(test / "lib.so"))
        np.savez(test / "inputs.npz", *[a for a in args if isinstance(a, np.ndarray)])
        np.savez(test / "expected.npz", *expected)
        scalars = [a if isinstance(a, (bool, int, float)) else None for a in args]
        (test / "meta.json").write_text(json.dumps({"entry": str(folder), "target": target, "scalars": scalars,
                                                    "device": "cuda" if info.gpu else "cpu"}))
        made += 1
        counts["built"] += 1
    print(json.dumps({"bundle": str(bundle), **counts}, indent=1))


# -- run (on the GPU machine) ------------------------------------------------------------------
def _prepare_runtime(arch: str) -> None:
    """With the runtime library only, load CUDA's module loader and register NVRTC as compiler."""
    import ctypes

    import tvm

    if os.environ.get("TVM_USE_RUNTIME_LIB") != "1":
        return
    libdir = Path(tvm.__file__).parent / "lib"
    ctypes.CDLL("libcudart.so.13", mode=ctypes.RTLD_GLOBAL)
    ctypes.CDLL(str(libdir / "libtvm_runtime_cuda.so"), mode=ctypes.RTLD_GLOBAL)
    import tvm_ffi
    from tvm.support import nvcc

    tvm_ffi.register_global_func("tvm_callback_cuda_compile", lambda code, target=None: nvcc.compile_cuda(
        code, target_format="cubin", arch=arch, compiler="nvrtc"), override=True)


def run_one(test: Path, device_kind: str, arch: str) -> dict:
    """Runs in a child process: load the library, run it, compare."""
    _prepare_runtime(arch)
    import tvm

    meta = json.loads((test / "meta.json").read_text())
    inputs = list(np.load(test / "inputs.npz").values())
    expected = list(np.load(test / "expected.npz").values())
    device = tvm.device(device_kind if meta["device"] != "cpu" else "cpu", 0)
    started = time.monotonic()
    try:
        module = tvm.runtime.load_module(str(test / "lib.so"))
    except Exception as error:  # noqa: BLE001
        return {"status": "failed", "why": f"load: {str(error).splitlines()[-1][:200]}"}
    tensors = iter(inputs)
    args = [tvm.runtime.tensor(next(tensors).copy(), device) if scalar is None else scalar
            for scalar in meta["scalars"]]
    try:
        device.sync()  # makes the device's context current, which a function without buffers needs
        module["main"](*args)
        device.sync()
    except Exception as error:  # noqa: BLE001
        return {"status": "failed", "why": f"run: {str(error).splitlines()[-1][:200]}"}
    outputs = [a.numpy() for a in args if not isinstance(a, (bool, int, float))]
    for index, (want, got) in enumerate(zip(expected, outputs, strict=True)):
        if want.dtype.kind == "f":
            rtol, atol = TOLERANCES.get(str(want.dtype), DEFAULT_TOLERANCE)
            tiny = np.finfo(want.dtype).tiny
            # Fast math: NaN for pow of a negative base, denormals flushed to zero, last-ulp libm.
            unjudged = np.isnan(want) | np.isnan(got) | (np.abs(want) < tiny)
            close = np.isclose(got, want, rtol=rtol, atol=atol) | unjudged
        else:
            close = got == want
        if not np.all(close):
            return {"status": "differed", "why": f"buffer {index}: {int((~close).sum())} of {want.size} elements"}
    return {"status": "matched", "seconds": round(time.monotonic() - started, 3)}


def _run_in_child(test: Path, device_kind: str, arch: str) -> dict:
    try:
        done = subprocess.run([sys.executable, __file__, "one", str(test), "--device", device_kind, "--arch", arch],
                              capture_output=True, text=True, timeout=RUN_SECONDS)
    except subprocess.TimeoutExpired:
        return {"status": "hung"}
    if done.returncode < 0 or not done.stdout.strip():
        return {"status": "crashed", "code": done.returncode, "stderr": done.stderr[-2000:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_bundle(bundle: Path, device_kind: str, arch: str, jobs: int) -> None:
    tests = sorted(bundle.glob("t*"))
    # One GPU serves many children at once: each spends most of its time importing and compiling.
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda test: _run_in_child(test, device_kind, arch), tests))
    table: dict[str, Counter[str]] = {}
    for test, result in zip(tests, results, strict=True):
        (test / "result.json").write_text(json.dumps(result))
        row = table.setdefault(json.loads((test / "meta.json").read_text())["target"], Counter())
        row["tests"] += 1
        row[result["status"]] += 1
    columns = ("tests", "matched", "differed", "crashed", "failed", "hung")
    print("| target | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for target, row in sorted(table.items()):
        print(f"| {target} | " + " | ".join(str(row[c]) for c in columns) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="build GPU tests of a campaign into a bundle (here)")
    build.add_argument("out", type=Path)
    build.add_argument("bundle", type=Path)
    build.add_argument("--limit", type=int, default=500)
    build.add_argument("--targets", default="cuda,nvptx")
    build.add_argument("--retarget", action="store_true", help="also move CPU queue entries to the GPU targets")
    run = sub.add_parser("run", help="run a bundle's tests (on the GPU machine)")
    run.add_argument("bundle", type=Path)
    run.add_argument("--device", default="cuda")
    run.add_argument("--arch", default="sm_90")
    run.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="tests run at once (default: every core)")
    one = sub.add_parser("one", help=argparse.SUPPRESS)
    one.add_argument("test", type=Path)
    one.add_argument("--device", default="cuda")
    one.add_argument("--arch", default="sm_90")
    args = parser.parse_args()
    if args.command == "build":
        build_bundle(args.out, args.bundle, args.limit, tuple(args.targets.split(",")), args.retarget)
    elif args.command == "run":
        run_bundle(args.bundle, args.device, args.arch, args.jobs)
    else:
        print(json.dumps(run_one(args.test, args.device, args.arch)))


if __name__ == "__main__":
    main()

"""Seeds from TVM's own pass tests: the TIR functions its tirx-transform and s_tir tests build.

Those tests write functions with the exact shapes each pass rewrites (OATest's pass-pattern
seeds). They are taken as facts, not code: every `@T.prim_func` / `@I.ir_module` the test files
define, at any depth, is parsed from its source text with the test module's globals, printed, and
re-parsed through the seed builder's canonical form (0.27's tests have no CompareBeforeAfter
classes; every function is decorated). A function that needs its enclosing test's locals
(a closure over `dtype`, a shape loop) cannot be parsed alone and is counted, not guessed.

Each test file runs in its own subprocess with a timeout (`python -m seeds.tvm_tests FILE`):
importing a test module runs its top level, and some of those build schedules or tune. Checking
that a seed runs without undefined behaviour needs the fuzzer's worker, a layer above seeds:
`tzer seeds build --tvm-tests SRC` runs `build` and then drops what `tzer seeds check` fails.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import math
import shutil
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tvm
import tvm_ffi
from tqdm import tqdm
from tvm import tirx

from seeds.builder import _canonical, _clear, _entry, _index_json
from tirkit.errors import first_line
from tirkit.nodes import work
from tirkit.regions import block_semantics_broken
from tirkit.script import from_script, is_tile_program, to_script
from tirkit.threads import is_thread_bound
from tirkit.verify import is_s_tir, well_formed

# tests/python/tirx/transform holds the TIRx tile programs that LowerTIRx lowers.
TEST_DIRS = ("tests/python/tirx-transform", "tests/python/s_tir", "tests/python/tirx/transform")
FILE_TIMEOUT = 120.0
# Elements over all parameters (8 MiB of float32 each way). The reference interpreter runs every
# seed and mutant, but charges each loop before it runs it and stops at its step budget, so a
# large loop nest costs a refusal, not a timeout. TVM's GPU pass tests (memhammer, shared-memory
# merging, all-reduce, permuted layouts) are written on 1024x1024 buffers: a cap of 4096 elements
# left them out, and with them the passes they exercise.
MAX_ELEMENTS = 1 << 21
# Statements a host function runs, counting loop trips (tirkit.nodes.work). The shipped corpus
# stays under it. Its builds run on every CPU target, some under qemu and at -O0, in a 10 s
# timeout: a 128x128x128 matmul or a 224x224 convolution ran into it as hangs that a clean
# worker did not reproduce. A kernel bound to GPU threads runs only where a GPU driver runs it.
MAX_WORK = 1 << 18
WORKERS = 2
# Parameter dtypes the fuzzer can fill with random values (tzer/runtime/inputs.py).
_FEEDABLE = ("bool", "int", "uint", "float")
_DECORATORS = ("prim_func", "ir_module")
_PASS_NAMESPACES = ("s_tir", "tirx")
# What TVM's schedule tests call their tvm.s_tir.Schedule.
_SCHEDULE_VARIABLE = "sch"
# Calls that only MakePackedAPI and LowerTVMBuiltin write: a function that holds them is lowered
# past the passes the fuzzer runs, which may not expect them (ForceNarrowIndexToInt32 narrowed a
# tvm_struct_set value that codegen reads as int64).
_LOWERED_CALLS = frozenset({"tirx.tvm_struct_set", "tirx.tvm_struct_get", "tirx.tvm_stack_alloca",
                            "tirx.tvm_stack_make_shape", "tirx.tvm_stack_make_array", "tirx.tvm_call_packed_lowered",
                            "tirx.tvm_call_cpacked_lowered", "tirx.tvm_call_trace_packed_lowered"})


def export_tests(source: Path, dest: Path) -> list[Path]:
    """Copy the test files of TEST_DIRS from a TVM checkout or bare git repository into `dest`."""
    source = Path(source)
    if (source / "tests").is_dir():
        for rel in TEST_DIRS:
            if (source / rel).is_dir():
                shutil.copytree(source / rel, dest / rel, dirs_exist_ok=True)
    else:  # a bare repository (what the fetch of apache/tvm gives): its HEAD tree
        archive = subprocess.run(
            ["git", f"--git-dir={source}", "archive", "HEAD", *TEST_DIRS], check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(dest, filter="data")
    return sorted(p for rel in TEST_DIRS for p in (dest / rel).rglob("test_*.py"))


def _is_tvmscript(node: ast.AST) -> bool:
    for deco in getattr(node, "decorator_list", []):
        target = deco.func if isinstance(deco, ast.Call) else deco
        if isinstance(target, ast.Attribute) and target.attr in _DECORATORS:
            return True
        if isinstance(target, ast.Name) and target.id in _DECORATORS:
            return True
    return False


def _scripts(tree: ast.Module, source: str) -> list[tuple[str, str]]:
    """(dotted name, source text) of every TVMScript definition in the file, outermost first."""
    lines = source.splitlines()
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, path: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                visit(child, path)
                continue
            name = ".".join((*path, child.name))
            start = min([d.lineno for d in child.decorator_list] + [child.lineno]) - 1
            text = textwrap.dedent("\n".join(lines[start : child.end_lineno]))
            if _is_tvmscript(child):
                found.append((name, text))
                continue  # inside an ir_module the methods are its functions, not separate seeds
            visit(child, (*path, child.name))

    visit(tree, ())
    return found


def _primfuncs(parsed: object, name: str) -> dict[str, tirx.PrimFunc]:
    if isinstance(parsed, tirx.PrimFunc):
        return {name: parsed}
    if hasattr(parsed, "functions_items"):
        return {f"{name}.{gv.name_hint}": f for gv, f in parsed.functions_items() if isinstance(f, tirx.PrimFunc)}
    return {}


def tested_passes(source: str) -> list[str]:
    """The passes and schedule primitives a test file applies, as tzer's registry names them
    ("s_tir.LowerAutoCopy" for `tvm.s_tir.transform.LowerAutoCopy()`, "schedule.cache_read" for
    `sch.cache_read(...)`), in the order the file first names them. Read from the text only: what
    tzer cannot run is left to the fuzzer to drop."""
    names: list[str] = []
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):
        if not isinstance(node.func, ast.Attribute):
            continue
        owner = node.func.value
        if isinstance(owner, ast.Attribute) and owner.attr == "transform" and \
                isinstance(owner.value, ast.Attribute) and owner.value.attr in _PASS_NAMESPACES:
            name = f"{owner.value.attr}.{node.func.attr}"
        elif isinstance(owner, ast.Name) and owner.id == _SCHEDULE_VARIABLE:
            name = f"schedule.{node.func.attr}"
        else:
            continue
        if name not in names:
            names.append(name)
    return names


def extract_file(path: Path) -> dict:
    """Every TVMScript function of one test file, as {"funcs": {name: script}, "failed": {name: reason}}.

    Runs inside the worker subprocess: it imports the test module for its globals.
    """
    import tvm
    from tvm.script import ir as I
    from tvm.script import tirx as T

    source = path.read_text(encoding="utf-8")
    env: dict = {"T": T, "I": I, "tvm": tvm, "tirx": tirx}
    failed: dict[str, str] = {}
    try:
        spec = importlib.util.spec_from_file_location(f"tzer_tvm_test_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        # dataclasses and TVM's object registration look their class's module up in sys.modules.
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        env.update(vars(module))
    except BaseException as err:  # noqa: B036 - a test module may call pytest.skip or sys.exit at import
        failed["<import>"] = f"import: {type(err).__name__}: {first_line(err)}"
    funcs: dict[str, str] = {}
    for name, text in _scripts(ast.parse(source), source):
        try:
            parsed = tvm.script.from_source(text, extra_vars=env)
        except Exception as err:
            # An undefined name is a closure over the enclosing test's locals (dtype, shapes).
            kind = "needs the test's locals" if "Undefined variable" in str(err) else "parse error"
            failed[name] = f"{kind}: {first_line(err)}"
            continue
        found = _primfuncs(parsed, name)
        if not found:
            failed[name] = f"not a PrimFunc: {type(parsed).__name__}"
        funcs.update({n: to_script(f) for n, f in found.items()})
    return {"funcs": funcs, "failed": failed}


def _run_worker(path: Path, timeout: float) -> dict:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "seeds.tvm_tests", str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=path.parent,
        )
    except subprocess.TimeoutExpired:
        return {"funcs": {}, "failed": {"<file>": "timeout"}}
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"funcs": {}, "failed": {"<file>": f"worker exit {done.returncode}: {tail}"}}
    return json.loads(done.stdout.splitlines()[-1])


def unfit_reason(func: tirx.PrimFunc) -> str | None:
    """Why the fuzzer could not run `func` on random inputs; None when it can."""
    elements = 0
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            if not all(isinstance(d, tirx.IntImm) for d in param.shape):
                return "symbolic shape"
            elements += math.prod(int(d) for d in param.shape)
            dtype = str(param.dtype)
        else:
            dtype = str(param.ty)
        if dtype.startswith("T.handle"):
            return "handle parameter"
        if not dtype.startswith(_FEEDABLE) or "x" in dtype:  # vector lanes, bfloat16, fp8
            return f"parameter of type {dtype}"
    if elements > MAX_ELEMENTS:
        return f"over {MAX_ELEMENTS} elements"
    if not is_thread_bound(func) and work(func.body) > MAX_WORK:
        return f"over {MAX_WORK} loop iterations"
    if _called_ops(func) & _LOWERED_CALLS:
        return "lowered packed-API calls"
    if not well_formed(func):
        return "not well-formed"
    broken = block_semantics_broken(func)
    if broken:
        return broken
    return None


def _called_ops(func: tirx.PrimFunc) -> set[str]:
    ops: set[str] = set()

    def visit(node: object) -> None:
        if isinstance(node, tvm.ir.Call) and isinstance(node.op, tvm.ir.Op):
            ops.add(str(node.op.name))

    tvm_ffi.structural_walk(func.body, [(tvm.ir.Expr, visit)], order="pre")
    return ops


def _known_hashes(folder: Path) -> set[str]:
    from seeds import index_entries

    return {entry["hash"] for entry in index_entries(folder)}


def _seed_name(test_file: str, func: str) -> str:
    return f"{Path(test_file).stem}__{func.replace('.', '_')}"


def build(source: Path, out: Path, against: Path | None = None, timeout: float = FILE_TIMEOUT,
          progress: bool | None = None) -> dict:
    """Write the fitting functions of TVM's pass tests in `source` into `out`; return counts.

    `against` is a built corpus (default: the shipped one) whose seeds are not repeated here. A
    progress bar over the test files shows on a terminal (`progress` None) or when asked.
    """
    from seeds import CORPUS_DIR

    reasons: Counter[str] = Counter()
    known = _known_hashes(CORPUS_DIR if against is None else against)
    kept: dict[str, tuple[dict, str]] = {}
    found = 0
    with tempfile.TemporaryDirectory(prefix="tzer-tvm-tests-") as tmp:
        files = export_tests(source, Path(tmp))
        texts = {p: p.read_text(encoding="utf-8") for p in files}
        scanned = [p for p in files if any(word in texts[p] for word in _DECORATORS)]
        tested = {p.relative_to(tmp).as_posix(): tested_passes(texts[p]) for p in scanned}
        show = sys.stderr.isatty() if progress is None else progress
        with ThreadPoolExecutor(WORKERS) as pool:
            extracted = pool.map(lambda path: _run_worker(path, timeout), scanned)
            results = list(tqdm(extracted, total=len(scanned), desc="reading TVM's test files", unit="file",
                                disable=not show, file=sys.stderr))
        for path, result in zip(scanned, results, strict=True):
            rel = path.relative_to(tmp).as_posix()
            # "<import>" and "<file>" are whole files (an import that failed, a worker that died).
            reasons.update(reason.split(":")[0] for reason in result["failed"].values())
            found += len(result["funcs"]) + sum(not name.startswith("<") for name in result["failed"])
            for name, script in sorted(result["funcs"].items()):
                try:
                    func = _canonical(from_script(script))
                except Exception:
                    reasons["no canonical round trip"] += 1
                    continue
                reason = unfit_reason(func)
                form = "tile" if is_tile_program(script) else "block" if is_s_tir(func) else "plain"
                entry = _entry(_seed_name(rel, name), f"tvm-test:{rel}::{name}", form, func)
                entry["passes"] = tested[rel]
                if reason is None and entry["hash"] in known:
                    reason = "duplicate"
                if reason is not None:
                    reasons[reason] += 1
                    continue
                known.add(entry["hash"])
                kept[entry["name"]] = (entry, to_script(func))
    index = [kept[name][0] for name in sorted(kept)]
    write(out, index, {name: script for name, (_, script) in kept.items()})
    return {
        "out": str(out),
        "test files": len(files),
        "files with TVMScript": len(scanned),
        "functions found": found,
        "seeds": len(index),
        "not kept": dict(reasons.most_common()),
    }


def write(out: Path, index: list[dict], scripts: dict[str, str]) -> None:
    """Replace the seeds of `out` by `index` (entries of seeds.builder._entry) and their scripts."""
    _clear(out)
    for entry in index:
        (out / entry["file"]).write_text(scripts[entry["name"]].rstrip("\n") + "\n", encoding="utf-8")
    (out / "index.json").write_text(_index_json(index), encoding="utf-8")


def prune(out: Path, drop: dict[str, str]) -> None:
    """Remove the seeds named in `drop` (name -> why) from a built folder and its index."""
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))["seeds"]
    keep = [e for e in index if e["name"] not in drop]
    scripts = {e["name"]: (out / e["file"]).read_text(encoding="utf-8") for e in keep}
    write(out, keep, scripts)


if __name__ == "__main__":
    # Worker mode: one test file, its functions as one JSON line on stdout (after whatever the test prints).
    print("\n" + json.dumps(extract_file(Path(sys.argv[1]).resolve())))

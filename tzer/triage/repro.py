"""repro.py: a self-contained script that shows one bug with nothing but `pip install apache-tvm`.

The script holds the TVMScript, the pass list as TVM constructor calls (each applied in its own
PassContext with the spec's config, as the harness does) and the few lines that fail the way
the finding did. It exits 0 when the bug is gone and fails visibly (exception, assertion,
signal, watchdog exit) while it is present.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tzer.execution import protocol as P
from tzer.execution.inputs import INT_RANGE, SCALAR_RANGE
from tzer.passes.labels import pass_family
from tzer.passes.registry import BIND_TARGET, registry, spec_label
from tzer.triage.finding import Case

HANG_SECONDS = 60
OOM_LIMIT_BYTES = 4 << 30
_NAMESPACES = {"tirx": "tirx.transform", "s_tir": "tvm.s_tir.transform"}


def pass_call(spec: dict[str, Any]) -> str:
    """`tirx.transform.VectorizeLoop(enable_vectorize=False)`; BindTarget gets the llvm target."""
    if spec["name"] == BIND_TARGET:
        return "tirx.transform.BindTarget(TARGET)"
    prefix, _, name = spec["name"].partition(".")
    args = ", ".join(f"{key}={value!r}" for key, value in sorted(spec.get("args", {}).items()))
    return f"{_NAMESPACES[prefix]}.{name}({args})"


def pass_config(spec: dict[str, Any]) -> dict[str, Any]:
    info = registry().get(spec["name"])
    if info is None or not info.config_key or not spec.get("config"):
        return {}
    return {info.config_key: dict(spec["config"])}


def _passes_block(passes: list[dict[str, Any]]) -> str:
    if not passes:
        return "PASSES = []  # the failure needs no extra pass\n"
    lines = ["PASSES = [  # (pass, PassContext config), applied one after another"]
    lines += [f"    ({pass_call(spec)}, {pass_config(spec)!r}),  # {spec_label(spec)}" for spec in passes]
    return "\n".join(lines) + "\n]\n"


def _script_literal(script: str) -> str:
    if '"""' not in script and "\\" not in script:
        return 'r"""\n' + script.strip("\n") + '\n"""'
    return repr(script)


_HEADER = '''\
"""{title}

Found by tzer (coverage-guided fuzzing of TVM's TIR passes) and reduced automatically.
    pip install apache-tvm=={version}
    python repro.py
Exit status 0: the bug is gone. Anything else (exception, assertion, signal): the bug is present.
"""
{imports}
import tvm
import tvm.s_tir
from tvm import tirx

TARGET = tvm.target.Target("llvm").with_host("llvm")
SOURCE = {source}

{passes}

def apply_passes(mod, passes):
    for transform, config in passes:
        with tvm.transform.PassContext(opt_level=3, config=config):
            mod = transform(mod)
{after_pass}    return mod


def main():
{prologue}    func = tvm.script.from_source(SOURCE).with_attr("global_symbol", "main")
    mod = tvm.IRModule({{"main": func}})
'''

_COMPILE = '''\
    mod = apply_passes(mod, PASSES)
    with tvm.transform.PassContext(opt_level=3):
        tvm.compile(mod, target="llvm")
'''

_ILL_FORMED = '''\
    apply_passes(mod, PASSES)  # checks the IR after every pass
'''

_WELL_FORMED_HELPER = '''

def check_well_formed(mod, transform):
    for _, func in mod.functions_items():
        if isinstance(func, tirx.PrimFunc):
            # raises on ill-formed IR; the tirx verifier does not accept block (s_tir) functions
            tvm.s_tir.analysis.verify_well_formed(func, True)
            if not (func.attrs and func.attrs.get("s_tir", False)):
                tirx.analysis.verify_well_formed(func, True)
            again = tvm.script.from_source(func.script())  # raises if the printed IR does not parse
            assert tvm_ffi.structural_equal(func, again), (
                f"TVMScript round trip changes the function after {transform}")
'''

_IDEMPOTENCE = '''\
    once = apply_passes(mod, PASSES[:{index} + 1])
    transform, config = PASSES[{index}]
    with tvm.transform.PassContext(opt_level=3, config=config):
        twice = transform(once)
    tvm.ir.assert_structural_equal(once, twice)  # raises: a second application changes the IR
'''

_INPUTS = '''

def make_arguments(func, rng):
    """The inputs tzer used: small non-negative integers, floats in [-1, 1)."""
    args = []
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            shape, dtype = tuple(int(d) for d in param.shape), str(param.dtype)
            if dtype == "bool":
                args.append(rng.integers(0, 2, shape).astype("bool"))
            elif dtype.startswith(("int", "uint")):
                args.append(rng.integers({int_low}, {int_high}, shape).astype(dtype))
            else:
                args.append(rng.uniform(-1.0, 1.0, shape).astype(dtype))
            continue
        dtype = str(param.ty)
        if dtype.startswith(("int", "uint")):
            args.append(int(rng.integers({scalar_low}, {scalar_high})))
        elif dtype == "bool":
            args.append(bool(rng.integers(0, 2)))
        else:
            args.append(float(rng.uniform(-1.0, 1.0)))
    return args


def run(executable, args):
    call_args = [tvm.runtime.tensor(a.copy()) if isinstance(a, np.ndarray) else a for a in args]
    executable["main"](*call_args)
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]
'''

_DIFFERENTIAL = '''\
    with tvm.transform.PassContext(opt_level=0):
        reference = tvm.compile(mod, target="llvm")
    optimized_mod = apply_passes(mod, PASSES)
    with tvm.transform.PassContext(opt_level=3):
        optimized = tvm.compile(optimized_mod, target="llvm")
    args = make_arguments(func, np.random.default_rng({rng}))
'''

_COMPARE = '''\
    for index, (want, got) in enumerate(zip(run(reference, args), run(optimized, args))):
        if want.dtype.kind == "f":
            np.testing.assert_allclose(got, want, rtol=1e-2, atol=1e-3,
                                       err_msg=f"buffer argument {index}: optimized build differs")
        else:
            np.testing.assert_array_equal(got, want,
                                          err_msg=f"buffer argument {index}: optimized build differs")
'''

_PERF = '''\
    def best(executable):
        times = []
        for _ in range(5):
            start = time.perf_counter()
            run(executable, args)
            times.append(time.perf_counter() - start)
        return min(times)

    slow, fast = best(optimized), best(reference)
    assert slow < 3 * fast or slow - fast < 0.002, (
        f"optimized build takes {slow * 1e3:.2f} ms, the opt_level=0 one {fast * 1e3:.2f} ms")
'''

_FIXED = '''\
    print("no failure: the bug seems fixed in this TVM")
'''

_MAIN = '''

if __name__ == "__main__":
    main()
'''


def repro_script(case: Case, meta: dict[str, Any], version: str) -> str:
    """The text of repro.py for a (reduced) case whose meta.json is `meta`."""
    kind = meta["kind"]
    imports = []
    prologue = ""
    after_pass = ""
    helpers = ""
    if kind == P.HANG:
        imports.append("import faulthandler")
        prologue = (f"    # A hang: dump the stack and exit 1 if nothing finishes within {HANG_SECONDS} s.\n"
                    f"    faulthandler.dump_traceback_later({HANG_SECONDS}, exit=True)\n")
    elif kind == P.OOM:
        imports.append("import resource")
        prologue = (f"    # Memory blow-up: cap the address space: an error instead of the OOM killer.\n"
                    f"    resource.setrlimit(resource.RLIMIT_AS, ({OOM_LIMIT_BYTES}, {OOM_LIMIT_BYTES}))\n")
    if kind == P.ILL_FORMED:
        imports.append("import tvm_ffi")
        after_pass = "        check_well_formed(mod, transform)\n"
        helpers = _WELL_FORMED_HELPER
        body = _ILL_FORMED
    elif kind == P.NON_IDEMPOTENT:
        body = _IDEMPOTENCE.format(index=_guilty_index(case.passes, meta.get("pass")))
    elif kind in (P.INCONSISTENCY, P.PERF):
        imports += ["import numpy as np"] + (["import time"] if kind == P.PERF else [])
        helpers = _INPUTS.format(int_low=INT_RANGE[0], int_high=INT_RANGE[1], scalar_low=SCALAR_RANGE[0],
                                 scalar_high=SCALAR_RANGE[1])
        body = _DIFFERENTIAL.format(rng=int(meta.get("rng") or 0))
        body += _COMPARE if kind == P.INCONSISTENCY else _PERF
    else:
        body = _COMPILE
    header = _HEADER.format(title=_title(meta), version=version, imports="\n".join(sorted(imports)),
                            source=_script_literal(case.script), passes=_passes_block(case.passes),
                            after_pass=after_pass, prologue=prologue)
    return header.replace("\n\n\n\n", "\n\n\n") + body + _FIXED + helpers + _MAIN


def run_repro(path: Path, timeout: float) -> tuple[int | None, str]:
    """Run a repro.py in a fresh interpreter; its exit status (None on timeout) and output."""
    try:
        done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=timeout,
                              cwd=path.parent, env={**os.environ, "TVM_LIBRARY_PATH": ""})
    except subprocess.TimeoutExpired:
        return None, f"(no result within {timeout:g} s)"
    return done.returncode, (done.stdout + done.stderr).strip()


def _guilty_index(passes: list[dict[str, Any]], label: str | None) -> int:
    """The last pass of the sequence with the guilty pass's name (the one applied twice)."""
    family = pass_family(label)
    matches = [i for i, spec in enumerate(passes) if spec["name"] == family]
    return matches[-1] if matches else len(passes) - 1


def _title(meta: dict[str, Any]) -> str:
    where = meta.get("pass") or meta.get("stage") or "TIR"
    return f"{meta['kind']} in {where}: {(meta.get('message') or '').strip()[:120]}".replace('"""', "'''")

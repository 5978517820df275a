"""repro.py: a self-contained script that shows one bug with nothing but `pip install apache-tvm`.

The script holds the TVMScript, the pass list as TVM constructor calls (each applied in its own
PassContext with the spec's config, as the harness does) and the few lines that fail the way
the finding did. It exits 0 when the bug is gone and fails visibly (exception, assertion,
signal, watchdog exit) while it is present.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tzer import runners, targets
from tzer.oracles import ORACLES
from tzer.oracles.base import ReproParts
from tzer.oracles.differential import REPRO_BUILDS, REPRO_INPUTS
from tzer.passes import autoschedule
from tzer.passes.registry import BIND_TARGET, registry, resolved_args, spec_label
from tzer.passes.schedule import PREFIX, is_step, schedulable_source, step_source
from tzer.runners.base import KERNEL_COMPILERS
from tzer.targets import HOST
from tzer.triage.finding import Case
from tzer.vocabulary import FindingKind, Stage

HANG_SECONDS = 60
OOM_LIMIT_BYTES = 4 << 30
# How long triage lets a bug's repro.py run to quote what it prints.
REPRO_SECONDS = 120.0
# Clean runs of a reduced case before it replaces the example: a fresh worker costs seconds, most
# of a bug's confirmation, and its repro.py (run_repro), run as a user would, is a second clean run.
REDUCED_REPEATS = 1
_NAMESPACES = {"tirx": "tirx.transform", "s_tir": "tvm.s_tir.transform"}


def pass_call(spec: dict[str, Any]) -> str:
    """`tirx.transform.VectorizeLoop(enable_vectorize=False)`; BindTarget gets the test's target."""
    if spec["name"] == BIND_TARGET:
        return "tirx.transform.BindTarget(TARGET)"
    if is_step(spec["name"]):
        step = spec["name"].removeprefix(PREFIX)
        args = dict(sorted(resolved_args(spec).items()))
        if autoschedule.is_auto_schedule(spec["name"]):
            return f"lambda mod: apply_auto_schedule(mod, {step!r}, {args!r}, TARGET)"
        return f"lambda mod: apply_step(mod, {step!r}, {args!r})"
    prefix, _, name = spec["name"].partition(".")
    # The arguments the fuzzer applied: those a spec leaves out take their first variant there.
    args = ", ".join(f"{key}={value!r}" for key, value in sorted(resolved_args(spec).items()))
    info = registry().get(spec["name"])
    if info is not None and info.target_context:
        return f"in_target({_NAMESPACES[prefix]}.{name}({args}))"
    return f"{_NAMESPACES[prefix]}.{name}({args})"


def pass_config(spec: dict[str, Any]) -> dict[str, Any]:
    info = registry().get(spec["name"])
    if info is None or not info.config_key or not spec.get("config"):
        return {}
    return {info.config_key: dict(spec["config"])}


def target_expression(name: str) -> str:
    """The Python expression of a target as the fuzzer bound it (see tzer.targets)."""
    info = targets.get(name)
    host = repr(HOST) if info.gpu else repr(info.spec)
    return f"tvm.target.Target({info.spec!r}, host={host})  # {name}"


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
Exit status 0: the bug is gone. Anything else (exception, assertion, signal): the bug is present.{needs}
"""
{imports}
import tvm
import tvm.s_tir
from tvm import tirx

TARGET = {target}
CONFIG = {config}  # the PassContext config TVM's own flows build this target with
SOURCE = {source}


def in_target(transform):
    """The pass run inside TARGET, as the fuzzer runs a pass that reads the current target."""
    def run(mod):
        with TARGET:
            return transform(mod)
    return run


{passes}

def build(mod, opt_level=3, target=TARGET):
    """Compile, emit the code (assembly or source, where code generators do their work) and,
    for the c target, compile that with the system C compiler and load it."""
    with tvm.transform.PassContext(opt_level=opt_level, config=CONFIG):
        executable = tvm.compile(mod, target=target)
    if target.kind.name == "llvm":
        executable.mod.inspect_source("asm")
        return executable
    if target.kind.name == "c":
        library = os.path.join(tempfile.mkdtemp(prefix="repro-"), "build.so")
        executable.export_library(library)
        return tvm.runtime.load_module(library)
    for module in executable.mod.imports:
        module.inspect_source()
    return executable


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
    build(apply_passes(mod, PASSES))
'''

# The opt_level=0 build of the function before the passes, the unoptimized side of a comparison.
_COMPILE_UNOPTIMIZED = '''\
    build(mod, opt_level=0)  # the opt_level=0 build of the function as written fails
'''

_RUN_BOTH = '''\
    run(reference, args)
    run(optimized, args)
'''

_FIXED = '''\
    print("no failure: the bug seems fixed in this TVM")
'''

_MAIN = '''

if __name__ == "__main__":
    main()
'''


def _parts(meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
    """What the finding's oracle contributes; crashes, hangs, OOMs and exceptions show in the build
    that failed: the optimized one, or the opt_level=0 build of the function as written."""
    kind = FindingKind(meta["kind"])
    if kind in (FindingKind.EXCEPTION, FindingKind.CRASH, FindingKind.HANG, FindingKind.OOM) and \
            str(meta.get("pass") or "").startswith("opt_level=0"):
        return ReproParts(body=_COMPILE_UNOPTIMIZED)
    if kind in (FindingKind.CRASH, FindingKind.HANG) and meta.get("stage") == Stage.RUN:
        return _run_parts(kind, int(meta.get("rng") or 0))
    if kind == FindingKind.HANG:
        return ReproParts(imports=["import faulthandler"], body=_COMPILE, prologue=(
            f"    # A hang: dump the stack and exit 1 if nothing finishes within {HANG_SECONDS} s.\n"
            f"    faulthandler.dump_traceback_later({HANG_SECONDS}, exit=True)\n"))
    if kind == FindingKind.OOM:
        return ReproParts(imports=["import resource"], body=_COMPILE, prologue=(
            "    # Memory blow-up: cap the address space: an error instead of the OOM killer.\n"
            f"    resource.setrlimit(resource.RLIMIT_AS, ({OOM_LIMIT_BYTES}, {OOM_LIMIT_BYTES}))\n"))
    owners = [oracle for oracle in ORACLES.values() if oracle.kind == kind]
    if not owners:
        return ReproParts(body=_COMPILE)
    named = [oracle for oracle in owners if oracle.name == meta.get("oracle")]
    if named:
        return named[0].repro(meta, script, passes)
    # Without a name, the first owner that can write one: the reference interpreter's expected
    # values are the strongest check, but it does not model every construct a reduced case keeps.
    for oracle in owners[:-1]:
        try:
            return oracle.repro(meta, script, passes)
        except Exception:  # noqa: BLE001 - an oracle that cannot model the case: the next one
            continue
    return owners[-1].repro(meta, script, passes)


def _run_parts(kind: FindingKind, rng: int) -> ReproParts:
    """A crash or hang while a build ran: build both sides on the fuzzer's inputs and run them where
    the fuzzer ran them (either dying, or not finishing, is the bug)."""
    parts = ReproParts(imports=["import numpy as np"], helpers=REPRO_INPUTS, runs_builds=True,
                       body=REPRO_BUILDS.format(rng=rng) + _RUN_BOTH)
    if kind == FindingKind.HANG:
        parts.imports.append("import faulthandler")
        parts.prologue = (f"    # A hang: dump the stack and exit 1 if nothing finishes within {HANG_SECONDS} s.\n"
                          f"    faulthandler.dump_traceback_later({HANG_SECONDS}, exit=True)\n")
    return parts


# What compiling for a target needs set up on a machine like the fuzzer's: CUDA's libdevice found
# for nvptx, ROCm's device libraries and linker stood in for where ROCm is not installed.
_TARGET_SETUP = {"nvptx": (targets.find_cuda_toolkit, ("import os", "from pathlib import Path")),
                 "rocm": (targets.rocm_without_rocm, ("import tvm.support.rocm", "import tvm_ffi"))}


def repro_script(case: Case, meta: dict[str, Any], version: str) -> str:
    """The text of repro.py for a (reduced) case whose meta.json is `meta`."""
    parts = _parts(meta, case.script, case.passes)
    info = targets.get(str(meta.get("target") or HOST))
    # os and tempfile: build() writes the c target's library to a temporary folder.
    imports, helpers, needs = [*parts.imports, "import os", "import tempfile"], parts.helpers, ""
    prologue = parts.prologue
    setup = _TARGET_SETUP.get(info.spec["kind"] if isinstance(info.spec, dict) else info.spec)
    if setup is not None:
        function, extra = setup
        helpers += "\n\n" + inspect.getsource(function)
        imports += extra
        prologue = f"    {function.__name__}()\n" + prologue
    kernel_source = str(meta.get("pass") or "").startswith(KERNEL_COMPILERS)
    if parts.runs_builds or kernel_source:
        # The builds run where the fuzzer ran them: in this process, under qemu-user, on a GPU. A
        # kernel's source that its compiler refused is compiled as the fuzzer's runner loaded it.
        run = runners.repro_runner(info).repro(info)
        imports += run.imports
        helpers += run.helpers
        does = "runs the builds" if parts.runs_builds else "compiles the kernels"
        needs = f"\nIt {does}, which needs {run.needs}." if run.needs else ""
    header = _HEADER.format(title=_title(meta), version=version, imports="\n".join(sorted(set(imports))),
                            target=target_expression(info.name), config=dict(info.limits.config), needs=needs,
                            source=_script_literal(case.script), passes=_passes_block(case.passes),
                            after_pass=parts.after_pass, prologue=prologue)
    steps = [spec["name"] for spec in case.passes if is_step(spec["name"])]
    if steps:
        helpers += "\n\n" + schedulable_source()
    if any(not autoschedule.is_auto_schedule(name) for name in steps):
        # Schedule steps pick their block and loop by index, as the fuzzer applied them.
        helpers += "\n\n" + step_source()
    if any(autoschedule.is_auto_schedule(name) for name in steps):
        helpers += "\n\n" + autoschedule.step_source()
    return header.replace("\n\n\n\n", "\n\n\n") + parts.body + _FIXED + helpers + _MAIN


def run_repro(path: Path, timeout: float) -> tuple[int | None, str]:
    """Run a repro.py in a fresh interpreter, in the environment the user started tzer in (not what
    tzer set up for itself); its exit status (None on timeout) and output."""
    env = {key: value for key, value in os.environ.items() if key not in targets.SET_HERE}
    try:
        done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=timeout,
                              cwd=path.parent, env={**env, "TVM_LIBRARY_PATH": ""})
    except subprocess.TimeoutExpired:
        return None, f"(no result within {timeout:g} s)"
    return done.returncode, (done.stdout + done.stderr).strip()


def _title(meta: dict[str, Any]) -> str:
    where = meta.get("pass") or meta.get("stage") or "TIR"
    return f"{meta['kind']} in {where}: {(meta.get('message') or '').strip()[:120]}".replace('"""', "'''")

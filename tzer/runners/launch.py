"""What a GPU build's host code does, as a list of kernel launches, for runners that launch the
kernels themselves (OpenCL on PoCL, WebGPU on lavapipe): the wheel's runtime has neither.

After `SplitHostDevice` the host function is plain TIR whose only device work is
`T.call_ffi_kernel(name, args..., extents..., launch_params=[tags])`. `launches` evaluates that
host code on the test's scalar arguments: buffer parameters become memory regions 0..n-1, host
allocations of device memory new regions, scalars values. The thread extents come from the same
call, in the order of its `launch_params` tags (`blockIdx.x`, `threadIdx.y`,
`tirx.use_dyn_shared_memory` for the bytes of dynamic shared memory; the launch-mode flags take
none).

Host code that this evaluator does not model (a loop over a symbolic range, a call into the
runtime) raises RunnerError: tzer's limit, never a finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import tvm
import tvm.sym
import tvm_ffi
from tvm import tirx

from tzer.drivers.program import KernelArg, Launch, Pointer, Program, Scalar
from tzer.runners.base import Arguments, RunFailed, RunnerError

HOST_STEPS = 100_000
# Launch parameters that only switch a launch mode on, with no operand in the launch call
# (LaunchParamConfig::Init, src/runtime/thread_storage_scope.h).
_LAUNCH_FLAGS = ("tirx.use_programtic_dependent_launch", "tirx.use_cooperative_launch")


@dataclass(frozen=True)
class KernelBuild:
    """A GPU build as a kernel-launching runner runs it: the build, its device source and the module
    after SplitHostDevice (whose host function makes the launches). Oracles that read the build
    (`mod`) see it as they see any other."""

    executable: Any
    source: str
    split: tvm.IRModule

    @property
    def mod(self) -> Any:
        return self.executable.mod


def kernel_build(executable: Any, split: tvm.IRModule | None) -> KernelBuild:
    if split is None:
        raise RunnerError("the build's module after SplitHostDevice was not recorded")
    sources = [module.inspect_source() for module in executable.mod.imports]
    return KernelBuild(executable, "\n".join(sources), split)


def host_function(split: tvm.IRModule) -> tirx.PrimFunc:
    """The entry function of a module after SplitHostDevice."""
    for func in split.functions.values():
        if isinstance(func, tirx.PrimFunc) and func.attrs is not None and func.attrs.get("tirx.is_entry_func"):
            return func
    return split["main"]


def launches(split: tvm.IRModule, args: Arguments) -> Program:
    """The kernel launches the host code of `split` makes on `args`, with the memory they use
    (copies of the buffer arguments)."""
    func = host_function(split)
    program = Program()
    env: dict[Any, Any] = {}
    for param, value in zip(func.params, args, strict=True):
        if isinstance(param.ty, tirx.BufferType):
            assert isinstance(value, np.ndarray)
            env[param] = Pointer(len(program.memory))
            program.memory.append(np.ascontiguousarray(value).copy())
        else:
            env[param] = value
    _HostEvaluator(program, env).stmt(func.body)
    return program


class _HostEvaluator:
    def __init__(self, program: Program, env: dict[Any, Any]) -> None:
        self.program = program
        self.env = env
        self.steps = 0
        self.analyzer = tvm.sym.Analyzer()

    def value(self, expr: tvm.ir.Expr) -> Any:
        if isinstance(expr, tvm.ir.Call) and getattr(expr.op, "name", None) == "tirx.buffer_data":
            return self.env[expr.args[0]]
        if isinstance(expr, tvm.ir.StringImm):
            return expr.value
        def bind(var: tvm.ir.Var) -> tvm.ir.Expr:
            value = self.env.get(var)
            return var if value is None or isinstance(value, Pointer) else _constant(var, value)

        folded = self.analyzer.simplify(tvm_ffi.structural_map(expr, (tvm.ir.Var, bind)))
        if isinstance(folded, tirx.IntImm):
            return bool(folded.value) if str(folded.ty) == "bool" else int(folded.value)
        if isinstance(folded, tirx.FloatImm):
            return float(folded.value)
        raise RunnerError(f"host code the kernel launcher cannot evaluate: {str(expr)[:120]}")

    def stmt(self, s: tirx.Stmt) -> None:
        self.steps += 1
        if self.steps > HOST_STEPS:
            raise RunnerError(f"the host code runs more than {HOST_STEPS} statements")
        if isinstance(s, tirx.SeqStmt):
            for inner in s.seq:
                self.stmt(inner)
        elif isinstance(s, tirx.Evaluate):
            self.evaluate(s.value)
        elif isinstance(s, tirx.Bind):
            self.env[s.var] = self.value(s.value)
        elif isinstance(s, tirx.For):
            start, extent = self.value(s.min), self.value(s.extent)
            for index in range(start, start + extent):
                self.env[s.loop_var] = index
                self.stmt(s.body)
        elif isinstance(s, tirx.IfThenElse):
            if self.value(s.condition):
                self.stmt(s.then_case)
            elif s.else_case is not None:
                self.stmt(s.else_case)
        elif isinstance(s, tirx.AttrStmt):
            self.stmt(s.body)
        elif isinstance(s, tirx.AssertStmt):
            if not self.value(s.condition):
                # The build's host code raises it, as a host build's does.
                parts = "".join(str(part.value) if isinstance(part, tvm.ir.StringImm) else str(part)
                                for part in s.message_parts)
                raise RunFailed(f"the host code's assertion fails: {parts}")
        elif isinstance(s, tirx.DeclBuffer):
            self.env[s.buffer] = self.value(s.data)
        elif isinstance(s, tirx.AllocBuffer):
            buffer = s.buffer
            elements = int(np.prod([self.value(extent) for extent in buffer.shape]))
            nbytes = elements * tvm.DataType(str(buffer.dtype)).itemsize
            self.env[buffer] = Pointer(len(self.program.memory))
            self.program.memory.append(np.zeros(max(nbytes, 1), np.uint8))
        else:
            raise RunnerError(f"host code the kernel launcher cannot run: {type(s).__name__}")

    def evaluate(self, call: tvm.ir.Expr) -> None:
        if isinstance(call, tirx.IntImm):
            return
        if not (isinstance(call, tvm.ir.Call) and getattr(call.op, "name", None) == "tirx.call_ffi_kernel"):
            raise RunnerError(f"host code the kernel launcher cannot run: {str(call)[:120]}")
        tags = [str(tag) for tag in call.attrs["launch_params"] if str(tag) not in _LAUNCH_FLAGS]
        name, operands = call.args[0].value, list(call.args[1:])
        split_at = len(operands) - len(tags)
        kernel_args = tuple(self._argument(operand) for operand in operands[:split_at])
        extents = {tag: int(self.value(operand)) for tag, operand in zip(tags, operands[split_at:], strict=True)}
        self.program.launches.append(Launch(str(name), kernel_args, extents))

    def _argument(self, operand: tvm.ir.Expr) -> KernelArg:
        value = self.value(operand)
        return value if isinstance(value, Pointer) else Scalar(str(operand.ty), value)


def buffer_outputs(program: Program, args: Arguments) -> list[np.ndarray]:
    """The buffer arguments after a run: the first memory regions, in parameter order."""
    arrays = [value for value in args if isinstance(value, np.ndarray)]
    return [region.reshape(value.shape) for region, value in zip(program.memory, arrays, strict=False)]


def _constant(var: tvm.ir.Var, value: Any) -> tvm.ir.Expr:
    dtype = str(var.ty)
    if dtype.startswith(("float", "bfloat")):
        return tirx.FloatImm(dtype, float(value))
    return tirx.IntImm(dtype, int(value))


@tvm.instrument.pass_instrument
class KeepSplit:
    """A pass instrument that keeps the module after SplitHostDevice: its host code says which
    kernels a build launches, and how."""

    def __init__(self) -> None:
        self.split: tvm.IRModule | None = None

    def run_after_pass(self, mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        if info.name == "tirx.SplitHostDevice":
            self.split = mod


# repro.py's part of a kernel-launching runner: its `build` (defined after the script's own, which
# it replaces) keeps the module after SplitHostDevice and hands the build to the runner's `load`,
# and `run` launches the kernels as the fuzzer did. It needs tzer installed.
REPRO_RUN = '''

def build(mod, opt_level=3, target=TARGET):
    """Compile, and compile the kernels with {driver} (tzer's {module} runner)."""
    keep = KeepSplit()
    with tvm.transform.PassContext(opt_level=opt_level, config=CONFIG, instruments=[keep]):
        executable = tvm.compile(mod, target=target)
    return {module}.{runner}().load(executable, None, keep.split)


def run(executable, args):
    """Runs the build's kernels on {driver}, launched as TVM's runtime would (tzer's launcher)."""
    return {module}.{runner}().run(executable, None, args)
'''

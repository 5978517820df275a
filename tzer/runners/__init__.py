"""Where a target's builds run, one module per runner: this process, another CPU under qemu-user,
WebAssembly under wasmtime, a GPU of this machine, a device behind TVM's RPC server, or a CPU
driver of a GPU language whose kernels tzer launches itself (OpenCL on PoCL, WebGPU on lavapipe)."""

from __future__ import annotations

from functools import cache

from tzer import targets
from tzer.runners.base import Plan, Refusal, Runner, Variant
from tzer.runners.gpu import GpuRunner
from tzer.runners.host import HostRunner
from tzer.runners.kernels import OpenCLRunner, WebGPURunner
from tzer.runners.qemu import QemuRunner
from tzer.runners.rpc import RpcRunner
from tzer.runners.wasm import WasmRunner
from tzer.targets import TargetInfo

RUNNERS: tuple[Runner, ...] = (
    HostRunner(),
    QemuRunner(),
    WasmRunner(),
    GpuRunner(),
    RpcRunner(),
    OpenCLRunner(),
    WebGPURunner(),
)


def placement(info: TargetInfo) -> Plan | tuple[Refusal, ...]:
    """How the target's builds run (the first runner that accepts them), or every runner's refusal."""
    return _placement(info.name)


@cache
def _placement(name: str) -> Plan | tuple[Refusal, ...]:
    info = targets.get(name)
    refusals = []
    for runner in RUNNERS:
        answer = runner.plan(info)
        if isinstance(answer, Plan):
            return answer
        refusals.append(answer)
    return tuple(refusals)


def runner_for(info: TargetInfo) -> Runner | None:
    """The runner of the target's builds; None where they cannot run here."""
    answer = placement(info)
    if isinstance(answer, Plan):
        return next(runner for runner in RUNNERS if runner.name == answer.runner)
    return None


def why_not(info: TargetInfo) -> str:
    """Why the target's builds cannot run here: the most specific refusal."""
    answer = placement(info)
    if isinstance(answer, Plan):
        return ""
    relevant = [refusal for refusal in answer if not refusal.why.startswith("not ")]
    return "; ".join(f"{r.runner}: {r.why}" for r in relevant) or answer[0].why


def variants(info: TargetInfo) -> tuple[Variant, ...]:
    """The machine configurations the target's builds run under here (vector lengths), default first."""
    answer = placement(info)
    return answer.variants if isinstance(answer, Plan) else ()


def default_vscale(info: TargetInfo) -> int | None:
    """T.vscale() where the target's builds run by default; None without scalable vectors."""
    found = variants(info)
    return found[0].vscale if found else None


def repro_runner(info: TargetInfo) -> Runner:
    """The runner repro.py runs the target's builds with: the one that runs them here, else the
    first whose kind of machine they need (a GPU repro written where no GPU is)."""
    found = runner_for(info)
    if found is not None:
        return found
    answer = placement(info)
    assert not isinstance(answer, Plan)
    return next(runner for runner, refusal in zip(RUNNERS, answer, strict=True) if not refusal.why.startswith("not "))

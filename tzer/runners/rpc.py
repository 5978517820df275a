"""The RPC runner: builds run on a device of a machine that runs only TVM's runtime, reached through
TVM's RPC server (`python -m tvm.exec.rpc_server`), as MetaSchedule's RPC runner reaches its boards.

`tzer fuzz --rpc HOST:PORT` hands the address to the workers (environment variable TZER_RPC). A
build is exported as a shared library, uploaded and loaded there, and run on the server's device
for the target. The server forks a session per connection: a build that crashes ends that
session, which is the build's crash. TVM's Python server then stops accepting connections (its
listening loop raises on the failed child), so keep it under a supervisor that restarts it
(`while true; do python -m tvm.exec.rpc_server ...; done`); a server that does not answer within
CONNECT_SECONDS is tzer's problem, never a finding.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any

import numpy as np

from tzer.runners.base import Arguments, Plan, Refusal, ReproRun, RunFailed, Runner, RunnerError
from tzer.runners.device import DEVICE_KIND, call_on_device, target_kind
from tzer.targets import TargetInfo

ADDRESS_VARIABLE = "TZER_RPC"
CONNECT_SECONDS = 10


def address() -> tuple[str, int] | None:
    """The RPC server's (host, port) from TZER_RPC, or None when none is set (ValueError if malformed)."""
    text = os.environ.get(ADDRESS_VARIABLE, "").strip()
    if not text:
        return None
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"malformed RPC address {text!r}: expected HOST:PORT")
    return host, int(port)


def _device_kind(info: TargetInfo) -> str:
    return DEVICE_KIND.get(target_kind(info.spec), "cpu")


class RpcRunner(Runner):
    name = "rpc"

    def __init__(self) -> None:
        self._session: Any = None

    def session(self) -> Any:
        """The connection to the server, made on first use and again after a session ended."""
        if self._session is None:
            from tvm import rpc

            where = address()
            if where is None:
                raise RunnerError(f"no RPC server: set {ADDRESS_VARIABLE} (tzer fuzz --rpc HOST:PORT)")
            # TVM's connect has no timeout: a server that accepts but never answers would hang the worker.
            attempt = ThreadPoolExecutor(1, thread_name_prefix="tzer-rpc-connect")
            try:
                self._session = attempt.submit(rpc.connect, *where, session_timeout=0).result(CONNECT_SECONDS)
            except FutureTimeout:
                raise RunnerError(f"the RPC server at {where[0]}:{where[1]} does not answer") from None
            except Exception as error:  # noqa: BLE001
                raise RunnerError(f"cannot reach the RPC server at {where[0]}:{where[1]}: {error}") from error
            finally:
                attempt.shutdown(wait=False)
        return self._session

    def device(self, info: TargetInfo) -> Any:
        return self.session().device(_device_kind(info), 0)

    def plan(self, info: TargetInfo) -> Plan | Refusal:
        if not info.gpu:
            return Refusal(self.name, "not a GPU target")
        try:
            where = address()
        except ValueError as error:
            return Refusal(self.name, str(error))
        if where is None:
            return Refusal(self.name, "no RPC server given (tzer fuzz --rpc HOST:PORT)")
        kind = _device_kind(info)
        try:
            device = self.device(info)
            if not device.exist:
                return Refusal(self.name, f"the RPC server at {where[0]}:{where[1]} has no {kind} device")
        except RunnerError as error:
            return Refusal(self.name, str(error))
        return Plan(self.name, f"TVM RPC server at {where[0]}:{where[1]}, {kind} device 0 ({device.device_name})")

    def run(self, executable: Any, info: TargetInfo, args: Arguments, variant: str | None = None) -> list[np.ndarray]:
        name = f"tzer-{uuid.uuid4().hex[:12]}.so"
        library = Path(tempfile.gettempdir()) / name
        try:
            executable.export_library(str(library))
        except Exception as error:  # noqa: BLE001 - the host linker: tzer's side
            raise RunnerError(f"cannot export the build for the RPC server: {error}") from error
        session = self.session()
        try:
            session.upload(str(library))
            module = session.load_module(name)
        except Exception as error:  # noqa: BLE001
            self._session = None
            raise RunnerError(f"the RPC server did not load the build: {str(error).splitlines()[-1]}") from error
        finally:
            library.unlink(missing_ok=True)
        try:
            return call_on_device(module["main"], self.device(info), args)
        except RunFailed as failed:
            if "kShutdown" in str(failed) or "session" in str(failed).lower():
                # The server's session process died under the build.
                self._session = None
                raise RunFailed("the RPC server's session ended while the build ran", "remote crash") from failed
            raise

    def repro(self, info: TargetInfo) -> ReproRun:
        kind = _device_kind(info)
        return ReproRun(helpers=REPRO_RUN.format(kind=kind), imports=("import os", "from tvm import rpc"),
                        needs=f"a TVM RPC server with a {kind} device at $TZER_RPC (HOST:PORT)")


REPRO_RUN = '''

def run(executable, args):
    """Runs the build on {kind} device 0 of the TVM RPC server at $TZER_RPC (HOST:PORT)."""
    host, port = os.environ["TZER_RPC"].rsplit(":", 1)
    session = rpc.connect(host, int(port))
    executable.export_library("repro_build.so")
    session.upload("repro_build.so")
    module = session.load_module("repro_build.so")
    device = session.device({kind!r}, 0)
    call_args = [tvm.runtime.tensor(a.copy(), device) if isinstance(a, np.ndarray) else a for a in args]
    module["main"](*call_args)
    device.sync()
    return [a.numpy() for a in call_args if not isinstance(a, (int, float, bool))]
'''

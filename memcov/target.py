"""Where the TVM libraries are, and whether this machine can collect coverage at all."""

from __future__ import annotations

import importlib.util
import os
import platform
import sys
from pathlib import Path

from .errors import CoverageUnavailable


def require_linux(backend: str, x86_64: bool) -> None:
    machine = platform.machine().lower()
    if sys.platform.startswith("linux") and (not x86_64 or machine in ("x86_64", "amd64")):
        return
    where = "Linux x86-64" if x86_64 else "Linux"
    raise CoverageUnavailable(f"coverage backend {backend!r} needs {where} (this is {sys.platform} "
                              f"{machine}); run with --coverage none")


def tvm_library(tvm_library_path: str | os.PathLike[str] | None, names: tuple[str, ...]) -> Path:
    """The first of `names` in tvm_library_path, or else in the installed tvm package's lib/."""
    if tvm_library_path is not None:
        directory = Path(tvm_library_path)
    else:
        spec = importlib.util.find_spec("tvm")
        if spec is None or not spec.submodule_search_locations:
            raise CoverageUnavailable("tvm is not installed; pass --tvm-library-path or use --coverage none")
        directory = Path(next(iter(spec.submodule_search_locations))) / "lib"
    for name in names:
        if (directory / name).is_file():
            return (directory / name).resolve()
    raise CoverageUnavailable(f"no {' or '.join(names)} in {directory}; check --tvm-library-path "
                              "or use --coverage none")

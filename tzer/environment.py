"""What a finding is recorded against: the versions of TVM, Python and the machine."""

from __future__ import annotations

import platform
import sys
from importlib.metadata import PackageNotFoundError, version


def tvm_version() -> str:
    """The installed apache-tvm version, read without importing TVM."""
    try:
        return version("apache-tvm")
    except PackageNotFoundError:
        return "unknown"


def environment() -> dict[str, str]:
    return {"TVM": f"apache-tvm {tvm_version()} (pip)", "Python": sys.version.split()[0],
            "OS": platform.platform()}

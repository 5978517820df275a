"""memcov-clang / memcov-clang++: compile and link any C/C++ build for the sancov backend.

Use them as CC/CXX (afl-clang-fast style).  They add -fsanitize-coverage=trace-pc-guard, and when
linking, libmemcov.so as a shared dependency: a static copy per library would give each library its
own map.  -fno-sanitize-link-runtime is always passed, because otherwise clang links ubsan's runtime
into executables and its weak __sanitizer_cov_* callbacks take the place of memcov's.

Environment: MEMCOV_CC / MEMCOV_CXX (real compilers, default clang / clang++), MEMCOV_MODE
(trace-pc-guard, the default, or none), MEMCOV_ALLOWLIST (a -fsanitize-coverage-allowlist file).
"""

from __future__ import annotations

import os
import sys

from .native import MEMCOV_LIBRARY

MODES = ("trace-pc-guard", "none")
_NO_LINK = {"-c", "-S", "-E", "-M", "-MM"}


def compiler_arguments(args: list[str], env: dict[str, str] | os._Environ[str]) -> list[str]:
    """The arguments to give the real compiler in place of `args`."""
    mode = env.get("MEMCOV_MODE", "trace-pc-guard")
    if mode not in MODES:
        raise SystemExit(f"memcov: MEMCOV_MODE={mode!r} is not one of {', '.join(MODES)}")
    extra = ["-fno-sanitize-link-runtime", "-Wno-unused-command-line-argument"]
    # The caller's own -fsanitize-coverage choice wins.
    if mode != "none" and not any(a.startswith("-fsanitize-coverage") for a in args):
        extra.append(f"-fsanitize-coverage={mode}")
        if env.get("MEMCOV_ALLOWLIST"):
            extra.append(f"-fsanitize-coverage-allowlist={env['MEMCOV_ALLOWLIST']}")
    if not args or _NO_LINK.intersection(args):
        return extra + args
    runtime = str(MEMCOV_LIBRARY.parent)
    # --no-as-needed keeps the dependency even in outputs with no instrumented code of their own.
    return extra + args + [f"-L{runtime}", "-Wl,--push-state,--no-as-needed", "-lmemcov",
                           "-Wl,--pop-state", f"-Wl,-rpath,{runtime}"]


def _run(variable: str, default: str) -> None:
    compiler = os.environ.get(variable, default)
    args = compiler_arguments(sys.argv[1:], os.environ)
    try:
        os.execvp(compiler, [compiler, *args])
    except FileNotFoundError:
        raise SystemExit(f"memcov: compiler {compiler!r} not found; set {variable}") from None


def main_cc() -> None:
    _run("MEMCOV_CC", "clang")


def main_cxx() -> None:
    _run("MEMCOV_CXX", "clang++")

"""The compiler wrappers' command lines, and sancov refusing an uninstrumented TVM."""

import pytest

import memcov
from memcov.native import MEMCOV_LIBRARY
from memcov.wrapper import compiler_arguments


def test_compiling_adds_coverage_but_no_runtime():
    args = compiler_arguments(["-c", "a.cpp", "-o", "a.o"], {"MEMCOV_ALLOWLIST": "/tmp/allow.txt"})
    assert "-fsanitize-coverage=trace-pc-guard" in args
    assert "-fsanitize-coverage-allowlist=/tmp/allow.txt" in args
    assert "-fno-sanitize-link-runtime" in args and "-lmemcov" not in args


def test_linking_adds_the_shared_runtime():
    args = compiler_arguments(["a.o", "-shared", "-o", "liba.so"], {})
    assert "-fno-sanitize-link-runtime" in args
    assert args[args.index("-lmemcov") - 1] == "-Wl,--push-state,--no-as-needed"
    assert f"-Wl,-rpath,{MEMCOV_LIBRARY.parent}" in args


def test_the_callers_own_coverage_flags_win():
    own = "-fsanitize-coverage=inline-8bit-counters"
    args = compiler_arguments([own, "-c", "a.c"], {})
    assert [a for a in args if a.startswith("-fsanitize-coverage")] == [own]
    args = compiler_arguments(["-c", "a.c"], {"MEMCOV_MODE": "none"})
    assert not any(a.startswith("-fsanitize-coverage") for a in args)


def test_sancov_refuses_the_uninstrumented_wheel():
    with pytest.raises(memcov.CoverageUnavailable, match="not instrumented"):
        memcov.open_backend("sancov")

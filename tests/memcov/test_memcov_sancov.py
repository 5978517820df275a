"""sancov: a toy C++ library built through memcov-clang++, run in worker processes."""

import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import memcov

HERE = Path(__file__).resolve().parent
WORKER = HERE / "toy_worker.py"

pytestmark = pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed")


@pytest.fixture(scope="module")
def toy_library(tmp_path_factory) -> Path:
    wrapper = Path(sys.executable).parent / "memcov-clang++"
    assert wrapper.exists(), "memcov-clang++ is not installed: run `pip install -e .`"
    out = tmp_path_factory.mktemp("sancov") / "libtoy.so"
    command = [str(wrapper), "-O1", "-shared", "-fPIC", str(HERE / "toy.cpp"), "-o", str(out)]
    subprocess.run(command, check=True)
    return out


@pytest.fixture
def backend(toy_library):
    backend = memcov.open_backend("sancov", library=toy_library)
    yield backend
    backend.close()


def _run(worker, wmap, line: str) -> tuple[int, set[int]]:
    wmap.reset()
    assert worker.call(line) is not None
    return wmap.merge(), set(wmap.hit_indices().tolist())


def test_wrapper_links_memcov_as_a_shared_dependency(toy_library):
    dynamic = subprocess.run(["readelf", "-d", str(toy_library)], capture_output=True, text=True).stdout
    assert "[libmemcov.so]" in dynamic
    symbols = subprocess.run(["nm", "-D", str(toy_library)], capture_output=True, text=True).stdout
    assert " U __sanitizer_cov_trace_pc_guard" in symbols  # resolved in libmemcov.so, not a static copy


def test_other_inputs_give_new_edges_and_repeats_give_none(backend, start_worker, toy_library):
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.armed == 0
    assert backend.global_map.covered() == 0

    first, negative = _run(worker, wmap, "toy_classify -5")
    assert first > 0
    assert _run(worker, wmap, "toy_classify -5") == (0, negative)
    fresh, big_even = _run(worker, wmap, "toy_classify 200")
    assert fresh > 0 and big_even != negative
    fresh_map, map_edges = _run(worker, wmap, "toy_map 20")
    fresh_except, except_edges = _run(worker, wmap, "toy_except 1 0")
    assert fresh_map > 0 and fresh_except > 0
    assert fresh_map != fresh_except and map_edges != except_edges
    assert _run(worker, wmap, "toy_except 1 0")[0] == 0
    fresh_catch = _run(worker, wmap, "toy_except -1 1")[0]
    assert fresh_catch > 0  # the other catch clause
    assert backend.global_map.covered() == first + fresh + fresh_map + fresh_except + fresh_catch
    wmap.close()


def test_edges_run_with_recording_off_are_left_for_a_later_test(backend, start_worker, toy_library):
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert _run(worker, wmap, "off toy_classify -5") == (0, set())
    fresh, edges = _run(worker, wmap, "toy_classify -5")
    assert fresh == len(edges) > 0


def test_modules_lists_the_toy_library(backend, start_worker, toy_library):
    wmap = backend.new_worker_map()
    start_worker(WORKER, [str(toy_library)], wmap.env())
    toy = [m for m in wmap.modules() if Path(m.path).resolve() == toy_library.resolve()]
    assert len(toy) == 1 and toy[0].count > 0
    assert backend.total == sum(m.count for m in wmap.modules())
    assert toy[0].first + toy[0].count <= backend.total
    wmap.close()


@pytest.mark.parametrize("argument, died", [(42, -signal.SIGSEGV), (43, -signal.SIGABRT)])
def test_edges_of_a_crashing_input_survive_the_crash(backend, start_worker, toy_library, argument, died):
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    _run(worker, wmap, "toy_crash 7")
    wmap.reset()
    assert worker.call(f"toy_crash {argument}") is None
    assert worker.wait() == died
    crash_edges = wmap.hit_indices()
    assert crash_edges.size > 0
    assert wmap.merge() > 0

    # A restarted worker numbers the edges the same way: what the crash covered is not new.
    restarted = start_worker(WORKER, [str(toy_library)], wmap.env())
    wmap.reset()
    assert restarted.call("toy_crash 7") is not None
    assert wmap.merge() == 0
    wmap.close()


def test_edges_of_a_hang_survive_sigkill(backend, start_worker, toy_library):
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    wmap.reset()
    assert worker.call("toy_hang 1", timeout=1) is None
    assert worker.kill() == -signal.SIGKILL
    assert wmap.merge() > 0
    assert np.isin(wmap.hit_indices(), np.flatnonzero(backend.global_map.entries)).all()
    wmap.close()

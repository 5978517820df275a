"""breakpoint on a plain toy library built with cc: discovery, arming, novelty, crash survival."""

import json
import shutil
import signal
import subprocess
from pathlib import Path

import numpy as np
import pytest

import memcov
from memcov import blocks, elfinfo

HERE = Path(__file__).resolve().parent
WORKER = HERE / "toy_worker.py"

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")


@pytest.fixture(scope="module")
def toy_library(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("breakpoint") / "libtoyblocks.so"
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", str(HERE / "toy_blocks.c"), "-o", str(out)], check=True)
    return out


@pytest.fixture
def open_toy(toy_library, tmp_path, monkeypatch):
    monkeypatch.setenv("TZER_CACHE_DIR", str(tmp_path / "cache"))
    backends = []

    def open_(name: str = "breakpoint"):
        backends.append(memcov.open_backend(name, progress=False, library=toy_library))
        return backends[-1]

    yield open_
    for backend in backends:
        backend.close()


def _run(worker, wmap, line: str) -> tuple[int, set[int]]:
    wmap.reset()
    assert worker.call(line) is not None
    return wmap.merge(), set(wmap.hit_indices().tolist())


def test_discovery_is_cached_per_build(open_toy, tmp_path, toy_library):
    backend = open_toy()
    cached = list((tmp_path / "cache" / "blocks").iterdir())
    assert cached == [blocks.table_directory(backend.build_id)] and len(backend.build_id) == 40
    assert backend.total >= 10  # four functions with several branches each
    assert open_toy().total == backend.total


def test_code_that_blocks_signals_is_never_armed(open_toy, start_worker, toy_library):
    backend = open_toy()
    table = blocks.load(blocks.table_directory(backend.build_id))
    masked = json.loads((table.directory / "meta.json").read_text())["signal_masking_functions"]
    assert len(masked) == 1  # toy_masked, which calls pthread_sigmask through the PLT
    ranges = elfinfo.function_ranges(toy_library)
    start, size = ranges[ranges[:, 0] == int(masked[0], 16)][0]
    assert size > 0 and not ((table.blocks >= start) & (table.blocks < start + size)).any()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    # A trap while every signal is blocked would kill the worker with SIGTRAP.
    assert worker.call("toy_masked 21") == "done 25" and worker.call("toy_masked 3") == "done -3"


def test_arms_every_uncovered_block_and_records_only_new_ones(open_toy, start_worker, toy_library):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.armed == backend.total
    assert worker.call("toy_classify 5") == "done 1"  # the code still works with breakpoints in it

    first = wmap.merge()
    assert first > 0 and set(wmap.hit_indices().tolist())
    assert _run(worker, wmap, "toy_classify 5") == (0, set())
    fresh, even = _run(worker, wmap, "toy_classify 200")
    assert fresh == len(even) > 0
    fresh_sum, loop = _run(worker, wmap, "toy_sum 10")
    assert fresh_sum == len(loop) > 0 and fresh_sum != fresh
    assert worker.call("toy_sum 10") == f"done {sum(i if i % 3 else -i for i in range(10))}"
    assert backend.global_map.covered() == first + fresh + fresh_sum
    assert wmap.modules() == [memcov.Module(str(toy_library.resolve()), 0, backend.total)]
    wmap.close()


def test_blocks_run_with_recording_off_are_not_counted_and_stay_armed(open_toy, start_worker, toy_library):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert _run(worker, wmap, "off toy_classify 200") == (0, set())
    assert worker.call("off toy_classify 200") == "done 4"  # the code still runs right
    fresh, blocks = _run(worker, wmap, "toy_classify 200")
    assert fresh == len(blocks) > 0


def test_blocks_only_the_harness_reaches_stop_trapping_after_enough_re_arms(open_toy, start_worker, toy_library):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    for _ in range(40):  # more than bpcov.c's MAX_REARMS; each ends by turning recording back on
        assert _run(worker, wmap, "off toy_sum 10") == (0, set())
    assert _run(worker, wmap, "toy_sum 10") == (0, set())


@pytest.mark.parametrize("argument, died", [(42, -signal.SIGSEGV), (43, -signal.SIGABRT)])
def test_blocks_of_a_crash_survive_and_a_restart_arms_only_uncovered(open_toy, start_worker, toy_library,
                                                                      argument, died):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.call(f"toy_crash {argument}") is None
    assert worker.wait() == died
    crash_blocks = set(wmap.hit_indices().tolist())
    assert wmap.merge() == len(crash_blocks) > 0

    restarted = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert restarted.armed == backend.total - len(crash_blocks)
    fresh, blocks = _run(restarted, wmap, f"toy_crash {argument + 10}")
    assert fresh == len(blocks) > 0 and not blocks & crash_blocks  # the path up to the fault is known
    wmap.close()


def test_blocks_of_a_hang_survive_sigkill(open_toy, start_worker, toy_library):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.call("toy_hang 1", timeout=1) is None
    assert worker.kill() == -signal.SIGKILL
    assert wmap.merge() > 0
    wmap.close()


def test_blocks_run_at_process_exit_are_recorded(open_toy, start_worker, toy_library):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.call("toy_classify 1") == "done 1"
    wmap.reset()
    assert worker.wait() == 0  # stdin closed: the worker exits normally
    assert wmap.merge() > 0  # toy_sum, from the library's destructor


def test_excluded_blocks_are_neither_armed_nor_new(open_toy, start_worker, toy_library):
    backend = open_toy()
    probe_map = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], probe_map.env())
    worker.call("toy_sum 10")
    flaky = probe_map.hit_indices()
    worker.kill()

    backend.global_map.exclude(flaky)
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.armed == backend.total - len(flaky)
    worker.call("toy_sum 10")
    assert wmap.merge() == 0 and backend.global_map.covered() == 0
    probe_map.reset()  # the first worker's hits must not count either
    assert probe_map.merge() == 0
    wmap.close()
    probe_map.close()


def test_function_level_arms_function_entries(open_toy, start_worker, toy_library):
    blocks, functions = open_toy(), open_toy("breakpoint-func")
    assert functions.name == "breakpoint-func" and 4 <= functions.total < blocks.total
    wmap = functions.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.armed == functions.total
    assert _run(worker, wmap, "toy_crash 5")[0] == 2  # toy_crash and toy_classify
    assert _run(worker, wmap, "toy_crash 5")[0] == 0
    wmap.close()


def test_save_and_load_check_backend_and_build(open_toy, start_worker, toy_library, tmp_path):
    backend = open_toy()
    wmap = backend.new_worker_map()
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    worker.call("toy_classify 3")
    wmap.merge()
    backend.global_map.exclude(np.array([backend.total - 1]))
    before = backend.global_map.entries.copy()
    backend.global_map.save(tmp_path / "coverage.npz")

    again = open_toy()
    again.global_map.load(tmp_path / "coverage.npz")
    assert np.array_equal(again.global_map.entries, before)
    assert again.global_map.covered() == backend.global_map.covered() > 0
    with pytest.raises(ValueError, match="breakpoint-func"):
        open_toy("breakpoint-func").global_map.load(tmp_path / "coverage.npz")
    wmap.close()


def test_none_backend_records_nothing(start_worker, toy_library):
    backend = memcov.open_backend("none")
    wmap = backend.new_worker_map()
    assert (backend.name, backend.total, backend.build_id, backend.global_map.covered()) == ("none", 0, "", 0)
    worker = start_worker(WORKER, [str(toy_library)], wmap.env())
    assert worker.armed == 0 and worker.call("toy_classify 5") == "done 1"
    wmap.reset()
    assert wmap.merge() == 0 and wmap.hit_indices().size == 0 and wmap.modules() == []
    wmap.close()
    backend.close()


def test_unknown_backend_is_refused():
    with pytest.raises(ValueError, match="none"):
        memcov.open_backend("frida")

"""breakpoint on the real libtvm_compiler.so of the installed wheel.

The first run ever discovers the blocks (about a minute) into the user cache; later runs load it.
"""

from pathlib import Path

import pytest
from conftest import Worker

import memcov

WORKER = Path(__file__).resolve().parent / "tvm_worker.py"
FUNCTIONS = ("add", "softmax", "argmax")


@pytest.fixture(scope="module")
def first_compiles():
    """For each function, a fresh campaign and worker: the blocks of its first and second compile."""
    runs = {}
    for name in FUNCTIONS:
        backend = memcov.open_backend("breakpoint")
        wmap = backend.new_worker_map()
        worker = Worker(WORKER, [], wmap.env())
        try:
            assert worker.armed == backend.total > 1_000_000
            blocks = []
            for _ in range(2):
                wmap.reset()
                assert worker.call(f"compile {name}") == "done"
                blocks.append(set(wmap.hit_indices().tolist()))
                assert wmap.merge() == len(blocks[-1])
            wmap.reset()
            assert worker.call(f"compile {name}") == "done"
            runs[name] = (*blocks, wmap.exclude_new(), backend.global_map.excluded())
        finally:
            worker.kill()
            wmap.close()
            backend.close()
    return runs


def test_each_function_reaches_its_own_blocks(first_compiles):
    firsts = {name: run[0] for name, run in first_compiles.items()}
    for name, blocks in firsts.items():
        others = set().union(*(b for other, b in firsts.items() if other != name))
        assert len(blocks) > 10_000
        assert len(blocks - others) > 500, f"{name} reaches almost no block of its own"


def test_a_repeated_compile_finds_almost_nothing_new(first_compiles):
    # Not exactly nothing: about 0.2% of the first compile's blocks (LLVM/TVM hash tables keyed by
    # pointers, caches) depend on what the process did before; exclude_new() marks them flaky.
    for name, (first, second, flaky, excluded) in first_compiles.items():
        assert not first & second
        assert len(second) <= len(first) // 100, f"{name}: {len(second)} new blocks on the second compile"
        assert flaky == excluded <= len(first) // 100


def new_blocks_of(verbs: list[str]) -> list[int]:
    """In a fresh campaign and worker, the blocks each `VERB NAME` line adds to the global map."""
    backend = memcov.open_backend("breakpoint")
    wmap = backend.new_worker_map()
    worker = Worker(WORKER, [], wmap.env())
    try:
        added = []
        for line in verbs:
            wmap.reset()
            assert worker.call(line) == "done"
            added.append(wmap.merge())
        return added
    finally:
        worker.kill()
        wmap.close()
        backend.close()


def test_the_harness_counts_the_printer_and_verifier_it_runs_on_the_test():
    """TVM's printer and verifier are code under test: the harness runs them on each test with
    recording on, so printing the same function after the harness ran it finds next to nothing."""
    (fresh_print,) = new_blocks_of(["print softmax"])
    built, print_after = new_blocks_of(["harness softmax", "print softmax"])
    assert built > 10_000 and fresh_print > 1_000
    assert print_after <= fresh_print // 20, "the harness's printing of the test did not record"

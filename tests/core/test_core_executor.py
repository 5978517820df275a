"""The executor with a real worker process: normal tests, crashes, hangs and memory blow-ups."""


import pytest
from core_samples import CRASH_SEED, GOOD_SEED, HANG_SEED, OOM_SEED

import memcov
from tzer.execution.executor import Executor
from tzer.vocabulary import Stage, Status

VECTORIZE = [{"name": "tirx.VectorizeLoop", "args": {"enable_vectorize": True}}]


def request(key, differential=True, passes=VECTORIZE):
    return {"seed_key": key, "mutation": None, "passes": passes,
            "checks": dict(differential=differential), "rng": 1}


@pytest.fixture(scope="module", params=[False, True], ids=["spawned", "forked"])
def executor(tmp_path_factory, request):
    log = tmp_path_factory.mktemp("worker") / "w.log"
    # The OOM seed touches 2 GiB in an unoptimized loop first (the differential build): on a busy or
    # fragmented machine that took more than 4 s to pass the RSS limit, and read as a hang.
    ex = Executor(memcov.open_backend("none"), timeout=8, rss_limit_mb=1200, log_path=log, fork=request.param)
    yield ex
    ex.close()


def test_a_good_test_compiles_and_the_worker_is_reused(executor):
    first = executor.run(request("good"), GOOD_SEED)
    assert first.status == Status.OK and "B[i] = A[i]" in first.script and first.mutant_hash
    starts = executor.starts
    second = executor.run(request("good"), GOOD_SEED)
    assert second.status == Status.OK and executor.starts == starts
    assert "good" in executor.workers[0].known_keys


def test_a_segfault_is_a_crash_and_the_next_test_runs(executor):
    result = executor.run(request("crash"), CRASH_SEED)
    assert result.status == Status.CRASH and result.signal == "SIGSEGV"
    assert result.stage == Stage.RUN
    assert "Segfault encountered" in result.log_tail  # TVM's handler prints the native stack
    assert executor.run(request("good"), GOOD_SEED).status == Status.OK


def test_an_endless_loop_is_a_hang(executor):
    result = executor.run(request("hang"), HANG_SEED)
    assert result.status == Status.HANG and result.duration < 10
    assert executor.run(request("good"), GOOD_SEED).status == Status.OK


def test_a_memory_blow_up_is_an_oom(executor):
    result = executor.run(request("oom"), OOM_SEED)
    assert result.status == Status.OOM and "exceeded the limit" in result.outcome.message
    assert executor.run(request("good"), GOOD_SEED).status == Status.OK


def test_a_malformed_seed_is_reported_not_fatal(executor):
    result = executor.run(request("broken"), "def main(:\n")
    assert result.status == Status.BAD_SEED and result.outcome.stage == Stage.PARSE
    assert executor.run(request("good"), GOOD_SEED).status == Status.OK


def test_a_pass_exception_names_the_pass(executor, tmp_path):
    # FlattenBuffer on block (s_tir) IR before LowerOpaqueBlock: a precondition the registry
    # records, so the fuzzer never generates it; here it shows how an exception is reported.
    from tvm import te, topi

    from tirkit.script import to_script

    a = te.placeholder((4, 16), name="A")
    script = to_script(te.create_prim_func([a, topi.nn.softmax(a)]))
    result = executor.run(request("softmax", passes=[{"name": "tirx.FlattenBuffer"}]), script)
    assert result.status == Status.EXCEPTION and result.outcome.stage == Stage.PASS
    assert result.outcome.pass_name == "tirx.FlattenBuffer" and result.outcome.message


def test_coverage_of_a_crashing_test_is_counted(tmp_path):
    backend = memcov.open_backend("breakpoint", progress=False)
    ex = Executor(backend, timeout=20, log_path=tmp_path / "w.log")
    try:
        result = ex.run(request("crash"), CRASH_SEED)
        assert result.status == Status.CRASH
        assert result.new_coverage > 1000
        assert backend.global_map.covered() == result.new_coverage
        again = ex.run(request("good"), GOOD_SEED)
        assert again.status == Status.OK and ex.starts == 2
    finally:
        ex.close()
        backend.close()


NEST_DONOR = GOOD_SEED.replace("    for i in range(16):\n        B[i] = A[i] * T.float32(2) + T.float32(1)",
                              "    for i, j in T.grid(4, 3):\n        if j < 2:\n"
                              "            B[i * 4 + j] = T.exp(A[i]) + B[i * 4 + j]")


@pytest.mark.parametrize(("mutator", "donor_script", "grafted"), [
    ("splice", GOOD_SEED.replace("B[i] = A[i]", "B[i] = T.exp(A[i]) * T.float32(2) + A[i]"),
     lambda script: "T.exp(" in script),
    ("splice_stmt", NEST_DONOR, lambda script: "T.grid(4, 3)" in script or "range(3)" in script),
])
def test_a_splice_request_grafts_from_the_donor_it_carries(executor, mutator, donor_script, grafted):
    assert donor_script != GOOD_SEED
    hits = 0
    for rng in range(6):
        # The worker keeps each donor by its key, as it keeps queue entries.
        req = {**request("good", passes=[]), "mutation": {"mutator": mutator, "rng": rng, "donor": 7},
               "donor_key": f"donor-{mutator}", "donor_script": donor_script}
        result = executor.run(req, GOOD_SEED)
        assert result.status == Status.OK, result.outcome.message
        hits += grafted(result.script)
    assert hits >= 3


def test_a_restarted_clean_worker_is_a_new_fork_of_the_fork_server(tmp_path):
    import psutil

    ex = Executor(memcov.open_backend("none"), timeout=8, log_path=tmp_path / "w.log", fork=True)
    try:
        pids = []
        for _ in range(2):
            assert ex.run(request("good"), GOOD_SEED).status == Status.OK
            pids.append(ex.pids()[0])
            assert psutil.Process(pids[-1]).ppid() == ex.forks.proc.pid
            ex.kill()
        assert pids[0] != pids[1] and ex.starts == 2 and ex.restarts == 0
    finally:
        ex.close()


# reindex of a 0-d buffer's write dies inside TVM's C++ (tvm::s_tir::ReIndex; c41's crash-a7e36489).
REINDEX_0D = '''# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(T_full: T.Buffer((), "float32")):
    with T.sblock("T_full"):
        vi = T.axis.spatial(1, 0)
        T.reads()
        T.writes(T_full[()])
        T_full[()] = T.float32(1.0)
'''
REINDEX = [{"name": "schedule.reindex", "args": {"block": 6, "buffer": 0, "side": "write"}}]


def test_a_crash_in_a_forked_worker_shows_the_frames_a_spawned_one_shows(tmp_path):
    from tzer.signature import crash_frames

    frames = []
    for fork in (False, True):
        ex = Executor(memcov.open_backend("none"), timeout=8, log_path=tmp_path / f"{fork}.log", fork=fork)
        try:
            result = ex.run(request("reindex", passes=REINDEX), REINDEX_0D)
        finally:
            ex.close()
        assert result.status == Status.CRASH and "Segfault encountered" in result.log_tail
        frames.append(crash_frames(result.log_tail))
    # The crash handlers are installed in the same order (faulthandler's, then TVM's on import).
    assert frames[0] == frames[1] and frames[0], frames


def test_only_workers_without_coverage_are_forked(tmp_path):
    backend = memcov.open_backend("breakpoint", progress=False)
    try:
        with pytest.raises(ValueError, match="only workers without coverage"):
            Executor(backend, log_path=tmp_path / "w.log", fork=True)
    finally:
        backend.close()

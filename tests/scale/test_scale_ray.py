"""Campaigns on a Ray cluster: a real two-node cluster on this machine (ray.cluster_utils)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tzer.campaign.stats import parse_fuzzer_stats

ray_cluster_utils = pytest.importorskip("ray.cluster_utils", reason="pip install -e '.[ray]'")

GOOD = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32({k})
'''


@pytest.fixture(scope="module")
def cluster():
    cluster = ray_cluster_utils.Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    yield cluster
    cluster.shutdown()


@pytest.fixture
def seeds(tmp_path):
    folder = tmp_path / "seeds"
    folder.mkdir()
    for k in range(6):
        (folder / f"seed{k}.py").write_text(GOOD.format(k=k))
    return folder


def fuzz(cluster, seeds, out, *extra):
    return [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--seeds", str(seeds), "--ray", cluster.address,
            "-j", "2", "--no-progress", *map(str, extra)]


def stats(out: Path) -> dict[str, str]:
    return parse_fuzzer_stats((out / "fuzzer_stats").read_text())


def entries(folder: Path) -> set[str]:
    return {p.name for p in folder.glob("id_*")}


def findings(out: Path) -> set[str]:
    return {f"{kind.name}/{name}" for kind in out.iterdir() if kind.is_dir() and kind.name not in ("queue", "workers")
            for name in entries(kind)}


def test_a_campaign_on_two_nodes_merges_into_one_folder(cluster, seeds, tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(fuzz(cluster, seeds, out, "--execs", 40), capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    values = stats(out)
    assert values["nodes"] == "2" and values["workers"] == "2" and values["lost_tests"] == "0"
    per_worker = dict(pair.split(":") for pair in values["worker_execs"].split())
    assert set(per_worker) == {"0", "1"} and all(int(n) > 0 for n in per_worker.values())
    assert len(entries(out / "queue")) == int(values["corpus_count"]) >= 6
    # Each actor's hits reached the driver's one coverage map (breakpoint blocks of libtvm_compiler.so).
    assert int(values["coverage_covered"]) > 1000
    assert int(values["findings"]) == len(findings(out))


def _actor_pids():
    return [p.pid for p in psutil.process_iter(["cmdline"]) if "RemoteWorker" in " ".join(p.info["cmdline"] or [])]


def test_killing_an_actor_mid_campaign_loses_nothing(cluster, seeds, tmp_path):
    out = tmp_path / "out"
    proc = subprocess.Popen(fuzz(cluster, seeds, out, "--execs", 400), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not ((out / "fuzzer_stats").exists() and
                                               int(stats(out).get("execs_done", 0)) >= 5):
        time.sleep(0.1)
    queue_before, findings_before = entries(out / "queue"), findings(out)
    pids = [int(pid) for pid in stats(out)["worker_pids"].split()]
    assert len(pids) == 2 and set(pids) <= set(_actor_pids()), "expected one live actor per worker"
    os.kill(pids[0], signal.SIGKILL)
    _, stderr = proc.communicate(timeout=900)
    assert proc.returncode == 0, stderr
    values = stats(out)
    assert int(values["execs_done"]) >= 400
    assert int(values["lost_tests"]) >= 1 and int(values["worker_restarts"]) >= 1
    assert queue_before <= entries(out / "queue") and findings_before <= findings(out)
    assert len(entries(out / "queue")) == int(values["corpus_count"])


@pytest.fixture(scope="module")
def gpu_cluster():
    """A head node with CPUs only and a node that says it has one GPU (Ray's resources are claims)."""
    cluster = ray_cluster_utils.Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1, num_gpus=1)
    cluster.wait_for_nodes()
    yield cluster
    cluster.shutdown()


def test_gpu_tests_go_to_an_actor_on_a_node_with_a_gpu(gpu_cluster):
    import memcov
    from tzer.execution.ray_executor import RayExecutor

    executor = RayExecutor(memcov.open_backend("none", progress=False), address=gpu_cluster.address, jobs=2,
                           timeout=60, rss_limit_mb=4096, coverage="none")
    try:
        assert executor.on_gpu == [True, False] and executor.gpu_workers() == 1
        # Ray gave the GPU actor its GPU, on the node that has one.
        assert [gpus for _, _, gpus in executor.places] == [1, 0]
        assert executor.route({"target": "cuda"}) == 0 and executor.route({"target": "nvptx"}) == 0
        assert executor.route({"target": "llvm"}) == 1 and executor.route({"target": "llvm-aarch64"}) == 1
        request = {"seed_key": "k", "mutation": None, "passes": [], "checks": {}, "rng": 0, "target": "cuda"}
        result = executor.run(request, GOOD.format(k=2))
        assert result.worker == 0 and result.status.value == "ok"
    finally:
        executor.close()


def test_a_ray_address_where_nothing_answers_ends_with_one_line(tmp_path, seeds):
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tzer", "fuzz", "-o", str(tmp_path / "out"), "--seeds", str(seeds),
                           "--ray", "127.0.0.1:1", "--time", "20s", "--no-progress"],
                          capture_output=True, text=True, timeout=120)
    assert time.monotonic() - started < 30
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "tzer fuzz: --ray: no Ray cluster answers at 127.0.0.1:1: Connection refused"]

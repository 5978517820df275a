"""`tzer fuzz -j N`: several workers in one campaign, one pool and one output folder."""

import subprocess
import sys

from tzer.campaign.stats import parse_fuzzer_stats

GOOD = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32({k})
'''


def test_two_workers_share_one_campaign(tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for k in range(6):
        (seeds / f"seed{k}.py").write_text(GOOD.format(k=k))
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--seeds", str(seeds), "-j", "2",
                           "--execs", "40", "--no-progress", "--no-calibrate"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    stats = parse_fuzzer_stats((out / "fuzzer_stats").read_text())
    assert stats["workers"] == "2" and stats["nodes"] == "1" and stats["lost_tests"] == "0"
    per_worker = dict(pair.split(":") for pair in stats["worker_execs"].split())
    # Calibration runs every seed in one worker and counts toward --execs: left on, it can spend
    # most of this small budget before the second worker gets a test.
    assert set(per_worker) == {"0", "1"} and all(int(n) >= 5 for n in per_worker.values())
    assert sum(map(int, per_worker.values())) == int(stats["execs_done"]) >= 40
    queue = sorted(p.name for p in (out / "queue").glob("id_*"))
    assert len(queue) == int(stats["corpus_count"]) >= 6
    assert int(stats["coverage_covered"]) > 1000
    # Both workers' logs exist: each ran in its own process.
    assert {p.name for p in (out / "workers").glob("w0-*.log")} == {"w0-0.log", "w0-1.log"}

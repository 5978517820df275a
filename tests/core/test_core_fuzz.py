"""`tzer fuzz` end to end, as a user runs it: real TVM, real workers, real output folders."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from core_samples import CRASH_SEED, GOOD_SEED, HANG_SEED, OOM_SEED, write_seeds

from tzer.campaign.state import CampaignState
from tzer.cli import build_parser
from tzer.engine.loop import Fuzzer
from tzer.options import options_from


def tzer(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "tzer", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def stats(out: Path) -> dict[str, str]:
    lines = (out / "fuzzer_stats").read_text().splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in lines)}


def entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("id_*"))


@pytest.fixture
def good_seeds(tmp_path):
    return write_seeds(tmp_path / "seeds", {"good": GOOD_SEED})


# One worker: --seed gives the same tests. TIR tests only: these are about what a TIR campaign does
# (tests/arith/ runs analysis tests through the same loop).
FAST = ["--coverage", "none", "--no-progress", "-j", "1", "--analysis-share", "0"]


@pytest.mark.parametrize("args, message", [
    (["fuzz", "-o", "x", "--bogus"], "unrecognized arguments: --bogus"),
    (["fuzz", "-o", "x", "--time", "10q"], "malformed duration"),
    (["fuzz", "-o", "x", "--n-max", "0"], "expected a number >= 1"),
    (["fuzz"], "required: -o/--out"),
])
def test_malformed_command_lines_get_one_line(tmp_path, args, message):
    result = tzer(*args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_existing_output_folder_is_never_overwritten(tmp_path, good_seeds):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    result = tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 1, *FAST)
    assert result.returncode == 1 and "already exists" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and (out / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize("setup, message", [
    (lambda tmp: tmp / "missing", "not found"),
    (lambda tmp: (tmp / "empty").mkdir() or tmp / "empty", "no .py"),
])
def test_unusable_seed_folders_get_one_line(tmp_path, setup, message):
    folder = setup(tmp_path)
    result = tzer("fuzz", "-o", tmp_path / "out", "--seeds", folder, "--execs", 1, *FAST)
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr.lower()


def test_unwritable_output_folder_gets_one_line(tmp_path, good_seeds):
    result = tzer("fuzz", "-o", "/proc/tzer-out", "--seeds", good_seeds, "--execs", 1, *FAST)
    assert result.returncode == 1 and "cannot write to output folder" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_resume_without_a_campaign_is_refused(tmp_path):
    result = tzer("fuzz", "-o", tmp_path / "nothing", "--resume", "--execs", 1, *FAST)
    assert result.returncode == 1 and "not a tzer campaign folder" in result.stderr


def test_a_campaign_writes_the_afl_layout(tmp_path, good_seeds):
    (good_seeds / "broken.py").write_text("@T.prim_func\ndef main(:\n")
    out = tmp_path / "out"
    result = tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 40, "--no-feedback", "--pass-mutation-rate", 0,
                  *FAST)
    assert result.returncode == 0, result.stderr
    assert "skipping malformed seed broken" in result.stderr
    values = stats(out)
    assert int(values["execs_done"]) >= 40 and values["status"] == "finished"
    assert values["bad_seeds"] == "1" and values["coverage_backend"] == "none"
    assert float(values["valid_rate"]) > 0.5 and int(values["corpus_count"]) > 1
    assert values["tvm_version"].startswith("0.27")
    for name in ("insert", "delete", "replace", "loop_nest", "memory", "thread_bind"):
        assert f"mutator_{name}_tried" in values
    rows = (out / "plot_data").read_text().splitlines()
    assert rows[0] == "relative_time,execs,execs_per_sec,coverage,corpus,valid_rate,findings,signatures,analysis_execs"
    assert len(rows) >= 2 and len(rows[-1].split(",")) == 9
    first = out / "queue" / entries(out / "queue")[0]
    assert "@T.prim_func" in (first / "func.py").read_text()
    assert isinstance(json.loads((first / "passes.json").read_text()), list)
    assert json.loads((first / "meta.json").read_text())["origin"] == "seed"


def test_general_mutators_leave_out_the_domain_specific_ones(tmp_path, good_seeds):
    out = tmp_path / "out"
    assert tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 20, "--mutators", "general",
                "--pass-mutation-rate", 0, *FAST).returncode == 0
    values = stats(out)
    assert not any(f"mutator_{name}_tried" in values for name in ("loop_nest", "memory", "thread_bind", "construct",
                                                                  "scalable_vectorize"))
    general = ("insert", "delete", "replace", "identity", "splice", "splice_stmt")
    assert sum(int(values.get(f"mutator_{name}_tried", 0)) for name in general) >= 15


def test_crashes_hangs_and_ooms_are_recorded_and_the_fuzzer_goes_on(tmp_path):
    folder = write_seeds(tmp_path / "seeds", {"a_good": GOOD_SEED, "b_crash": CRASH_SEED,
                                              "c_hang": HANG_SEED, "d_oom": OOM_SEED})
    out = tmp_path / "out"
    # Without the reference interpreter: it would reject the out-of-bounds seed as undefined
    # behaviour before it runs (next test), and this one is about surviving what a test does.
    result = tzer("fuzz", "-o", out, "--seeds", folder, "--execs", 12, "--diff-rate", 1, "--reference-rate", 0,
                  "--pass-mutation", "none", "--timeout", 8, "--rss-limit-mb", 1200, "--targets", "llvm", *FAST)
    assert result.returncode == 0, result.stderr
    for kind, sub in (("crash", "crashes"), ("hang", "hangs"), ("oom", "ooms")):
        saved = entries(out / sub)
        assert saved, f"no {kind} recorded"
        meta = json.loads((out / sub / saved[0] / "meta.json").read_text())
        assert meta["kind"] == kind and meta["confirmed"] == "confirmed"
    crash_meta = json.loads((out / "crashes" / entries(out / "crashes")[0] / "meta.json").read_text())
    assert crash_meta["signal"] == "SIGSEGV" and crash_meta["stage"] == "run"
    assert "Segfault encountered" in (out / "crashes" / entries(out / "crashes")[0] / "log.txt").read_text()
    assert int(stats(out)["execs_done"]) >= 12


def test_a_test_with_undefined_behaviour_is_counted_never_a_finding(tmp_path):
    # The crash seed alone: it runs first, and its out-of-bounds store is undefined behaviour.
    folder = write_seeds(tmp_path / "seeds", {"b_crash": CRASH_SEED})
    out = tmp_path / "out"
    # On the host only: a mutant on another target may meet a real bug of that target.
    result = tzer("fuzz", "-o", out, "--seeds", folder, "--execs", 6, "--diff-rate", 1, "--pass-mutation", "none",
                  "--timeout", 4, "--targets", "llvm", *FAST)
    assert result.returncode == 0, result.stderr
    values = stats(out)
    assert int(values["ub_rejected"]) >= 1 and int(values["ub_out_of_bounds"]) >= 1
    assert values["findings"] == "0" and not entries(out / "crashes")


def test_no_feedback_runs_are_deterministic(tmp_path, good_seeds):
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        assert tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 20, "--no-feedback", "--seed", 5,
                    *FAST).returncode == 0
        outs.append([(e, (out / "queue" / e / "func.py").read_text(), (out / "queue" / e / "passes.json").read_text())
                     for e in entries(out / "queue")])
    assert outs[0] == outs[1] and len(outs[0]) > 3


def saved_mid_campaign(state: Path) -> bool:
    saved = CampaignState.load(state, 0.0)
    return len(saved.pool) >= 12 and len(saved.pending) > 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_kill_9_then_resume_keeps_corpus_and_findings(tmp_path, jobs):
    # Many seeds, so that some initial seeds are still waiting to run when the fuzzer is killed.
    variants = {f"good{i:03d}": GOOD_SEED.replace("T.float32(1)", f"T.float32({i})") for i in range(400)}
    seed_folder = write_seeds(tmp_path / "seeds", variants)
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--seeds", str(seed_folder), "--time", "5m",
           "--no-feedback", *FAST, "-j", str(jobs)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    # Kill after a mid-campaign state save that holds waiting seeds, once more entries have been
    # queued since that save, whatever the machine's speed.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not saved_mid_campaign(out / "state.json"):
        time.sleep(0.05)
    saved_pool = len(CampaignState.load(out / "state.json", 0.0).pool)
    while time.monotonic() < deadline and len(entries(out / "queue")) < saved_pool + 3:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = entries(out / "queue")
    findings_before = {sub: entries(out / sub) for sub in ("exceptions", "crashes", "ill_formed")}
    execs_before = int(stats(out)["execs_done"])
    assert len(before) >= 8
    pending = len(json.loads((out / "state.json").read_text())["pending"])
    assert pending > 0, "the test needs initial seeds still waiting at the kill"
    result = tzer("fuzz", "-o", out, "--resume", "--execs", 60, "--no-feedback", *FAST, "-j", jobs)
    assert result.returncode == 0, result.stderr
    assert f"resumed: {len(before)} corpus entries" in result.stderr
    after = entries(out / "queue")
    assert set(before) <= set(after) and len(after) > len(before)
    for sub, names in findings_before.items():
        assert set(names) <= set(entries(out / sub))
    assert int(stats(out)["execs_done"]) >= execs_before
    assert not list((out / "queue").glob(".*.tmp"))
    # The resumed session's rate counts its own executions, not the restored total.
    rates = [float(row.split(",")[2]) for row in (out / "plot_data").read_text().splitlines()[1:] if row]
    assert max(rates) < 200


def test_the_default_breakpoint_backend_reports_blocks(tmp_path, good_seeds):
    out = tmp_path / "out"
    result = tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 10, "--no-progress")
    assert result.returncode == 0, result.stderr
    values = stats(out)
    assert values["coverage_backend"] == "breakpoint"
    assert int(values["coverage_total"]) > 1_000_000
    assert 1000 < int(values["coverage_covered"]) < int(values["coverage_total"])
    assert "calibration:" in result.stderr
    # The default scope: TVM's TIR directories only, a directory a line, and nothing of LLVM counted.
    assert values["coverage_scope"] == "tir"
    assert int(values["coverage_covered"]) <= int(values["coverage_scope_total"]) < int(values["coverage_total"]) // 3
    directories = {key.removeprefix("dir_"): value for key, value in values.items() if key.startswith("dir_")}
    assert "src/tirx/transform" in directories
    assert not any(name.startswith(("llvm", "src/relax")) for name in directories)
    covered = [int(value.split("/")[0]) for value in directories.values()]
    assert sum(covered) == int(values["coverage_covered"])
    assert (out / "plot_dirs").read_text().startswith("relative_time,directory,covered,blocks\n")


def test_a_scope_names_the_directories_whose_blocks_count(tmp_path, good_seeds):
    out = tmp_path / "out"
    result = tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 4, "--no-progress", "--no-calibrate",
                  "--coverage-scope", "src/sym", "-j", "1", "--analysis-share", "0")
    assert result.returncode == 0, result.stderr
    values = stats(out)
    assert [key for key in values if key.startswith("dir_")] == ["dir_src/sym"]
    assert 0 < int(values["coverage_covered"]) == int(values["dir_src/sym"].split("/")[0])
    assert tzer("fuzz", "-o", tmp_path / "bad", "--coverage-scope", "src/sym,,src/ir").returncode == 2


def test_resume_refuses_a_campaign_that_is_still_running(tmp_path, good_seeds):
    out = tmp_path / "out"
    assert tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 2, *FAST).returncode == 0
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        forged = {"status": "running", "fuzzer_pid": str(alive.pid)}
        lines = (out / "fuzzer_stats").read_text().splitlines()
        lines = [f"{key} : {forged[key.strip()]}" if key.strip() in forged else line
                 for line, (key, _, _) in ((line, line.partition(":")) for line in lines)]
        (out / "fuzzer_stats").write_text("\n".join(lines) + "\n")
        result = tzer("fuzz", "-o", out, "--resume", "--execs", 2, *FAST)
        assert result.returncode == 1 and f"still being fuzzed by pid {alive.pid}" in result.stderr
    finally:
        alive.kill()
        alive.wait()
    assert tzer("fuzz", "-o", out, "--resume", "--execs", 2, *FAST).returncode == 0


def test_a_blind_generator_draws_each_tests_passes_and_target(tmp_path, good_seeds):
    out = tmp_path / "out"
    result = tzer("fuzz", "-o", out, "--seeds", good_seeds, "--execs", 30, "--no-feedback", "--pass-mutation", "random",
                  "--target-choice", "random", "--targets", "llvm,c,llvm-aarch64", *FAST)
    assert result.returncode == 0, result.stderr
    values = stats(out)
    # No target or pass mutation rounds: every test draws its own, and the queue keeps what it drew.
    assert values["target_mutations"] == "0" and values["pass_mutations"] == "0"
    queue = [json.loads(p.read_text()) for p in out.glob("queue/id_*/meta.json")]
    mutants = [meta for meta in queue if meta["origin"] not in ("seed", "target", "passes")]
    assert len({meta["target"] for meta in mutants}) >= 2
    assert len({(out / "queue" / f"id_{meta['id']:06d}" / "passes.json").read_text() for meta in mutants}) >= 3


def test_resume_restores_how_often_the_rare_blocks_were_reached(tmp_path, good_seeds):
    out = tmp_path / "out"
    # At the defaults (breakpoint coverage, the `rare` schedule) on one target and one worker.
    argv = ["fuzz", "-o", str(out), "--seeds", str(good_seeds), "--no-progress", "-j", "1", "--targets", "llvm"]
    assert tzer(*argv, "--execs", 3).returncode == 0
    resumed = [*argv, "--resume", "--execs", "1"]
    blocks, counts = [5, 77, 1234], [3, 1, 9]
    first = Fuzzer(options_from(build_parser().parse_args(resumed), resumed))
    with first.campaign.session(first.request):
        first.pool.frequency.counts[blocks] = counts
    with np.load(out / "rarity.npz") as saved:
        assert saved["blocks"].tolist() == blocks and saved["counts"].tolist() == counts
    second = Fuzzer(options_from(build_parser().parse_args(resumed), resumed))
    with second.campaign.session(second.request):
        assert second.pool.frequency.counts[blocks].tolist() == counts

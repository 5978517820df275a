"""The study scripts, run as a user would but without the fuzzer: --dry-run, --report-only, and a
stand-in `tzer` command that writes a synthetic campaign."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}


def script(name: str, *args, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "experiments" / name), *map(str, args)], env=ENV,
                          capture_output=True, text=True, check=check)


def test_ablation_dry_run(tmp_path):
    result = script("ablation.py", "--dry-run", "--reps", "2", "--out", tmp_path, "--tzer", "tzer")
    lines = result.stdout.splitlines()
    assert len(lines) == 10
    assert lines[0] == (f"tzer fuzz -o {tmp_path}/1-general-no-feedback/rep0 --time 5m --seed 0 "
                        "--no-feedback --mutators general --pass-mutation none")
    assert lines[4] == (f"tzer fuzz -o {tmp_path}/5-evolutionary-passes/rep0 --time 5m --seed 0 "
                        "--mutators all --pass-mutation evolutionary")
    assert lines[5].startswith(f"tzer fuzz -o {tmp_path}/1-general-no-feedback/rep1 --time 5m --seed 1 ")
    assert not any(tmp_path.iterdir())  # a dry run writes nothing


def test_nmax_dry_run_full_protocol():
    lines = script("nmax_sensitivity.py", "--dry-run", "--full", "--tzer", "tzer").stdout.splitlines()
    assert [line.split()[-1] for line in lines] == ["1", "2", "4", "6", "8", "10"]
    assert lines[0] == "tzer fuzz -o out-nmax-4h/nmax-1/rep0 --time 4h --seed 0 --n-max 1"
    all_k = script("nmax_sensitivity.py", "--dry-run", "--all-k", "--tzer", "tzer").stdout.splitlines()
    assert [line.split()[-1] for line in all_k] == [str(k) for k in range(1, 11)]


def test_seeds_dry_run_skips_finished_runs(tmp_path, make_campaign):
    make_campaign("study/no-seeds/rep0")
    lines = script("seeds_vs_noseeds.py", "--dry-run", "--budget", "90s", "--out", tmp_path / "study",
                   "--tzer", "tzer").stdout.splitlines()
    assert lines == [f"tzer fuzz -o {tmp_path}/study/seeds/rep0 --time 90s --seed 0",
                     f"# skip, already finished: tzer fuzz -o {tmp_path}/study/no-seeds/rep0 --time 90s "
                     "--seed 0 --seeds none"]


def test_bad_arguments(tmp_path):
    bad = script("ablation.py", "--dry-run", "--budget", "5 minutes", check=False)
    assert bad.returncode == 2 and "--budget: malformed duration" in bad.stderr
    both = script("ablation.py", "--dry-run", "--budget", "5m", "--full", check=False)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    missing = script("ablation.py", "--tzer", str(tmp_path / "no-such-tzer"), "--out", tmp_path, check=False)
    assert missing.returncode == 2 and "cannot find the tzer command" in missing.stderr


def test_report_only_on_synthetic_campaigns(tmp_path, make_campaign):
    for rep, coverage in enumerate((1000, 1200, 1400)):
        make_campaign(f"study/seeds/rep{rep}", coverage=coverage, findings={"crashes": rep})
    make_campaign("study/no-seeds/rep0", coverage=500)
    make_campaign("study/no-seeds/rep1", status="running", pid=1)  # killed: left out of the table
    result = script("seeds_vs_noseeds.py", "--report-only", "--reps", "3", "--out", tmp_path / "study")
    report = (tmp_path / "study" / "report.md").read_text()
    assert result.stdout.strip() == report.strip()
    rows = [line for line in report.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| configuration | flags | runs | coverage mean")
    # Final coverage is int(coverage * log1p(20)): 3044, 3653, 4262 for seeds.
    assert rows[1] == "| seeds | (defaults) | 3/3 | 3653.0 | 3044 | 4262 | 30.0 | 70.0% | 4.0 |"
    assert rows[2] == "| no-seeds | `--seeds none` | 1/3 | 1522.0 | 1522 | 1522 | 30.0 | 70.0% | 4.0 |"
    assert f"- {tmp_path}/study/no-seeds/rep1: did not finish (status running)" in report
    assert f"- {tmp_path}/study/no-seeds/rep2: not a campaign folder (no such directory)" in report
    for x in ("time", "execs"):
        assert f"![progress-{x}](progress-{x}.png)" in report
        assert (tmp_path / "study" / f"progress-{x}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


FAKE_TZER = textwrap.dedent("""\
    import sys
    from pathlib import Path
    argv = sys.argv[1:]
    assert argv[0] == "fuzz"
    out = Path(argv[argv.index("-o") + 1])
    seed = int(argv[argv.index("--seed") + 1])
    if "--seeds" in argv:
        print("no seeds: failing on purpose")
        sys.exit(3)
    out.mkdir()
    rows = "\\n".join(f"{t},{t * 10},10,{100 * seed + t},{t},0.5,0" for t in range(1, 11))
    (out / "plot_data").write_text("relative_time,execs,execs_per_sec,coverage,corpus,valid_rate,findings\\n"
                                   + rows + "\\n")
    (out / "fuzzer_stats").write_text("status : finished\\n")
""")


def test_runs_through_the_tzer_command(tmp_path):
    fake = tmp_path / "fake_tzer.py"
    fake.write_text(FAKE_TZER)
    tzer = f"{sys.executable} {fake}"
    study = ("seeds_vs_noseeds.py", "--reps", 2, "--out", tmp_path / "s", "--tzer", tzer)
    first = script(*study, check=False)
    assert first.returncode == 1  # the no-seeds runs failed
    assert "[1/4] seeds rep0: " in first.stdout and "exit 3 after" in first.stdout
    assert (tmp_path / "s" / "no-seeds" / "rep0.log").read_text() == "no seeds: failing on purpose\n"
    assert "| seeds | (defaults) | 2/2 | 60.0 | 10 | 110 |" in first.stdout
    # Finished campaigns are not run again; only the failed ones are retried.
    second = script(*study, check=False)
    assert second.stdout.count("# skip, already finished") == 2
    assert "[2/4] no-seeds rep0" in second.stdout and "[1/4]" not in second.stdout


def test_benchmark_scripts_run_on_a_tiny_budget():
    # Whether the numbers are good is for the benchmark runs; this only keeps the scripts working.
    throughput = script("bench_throughput.py", "--tests", "3", "--rounds", "1", "--coverage", "none")
    assert "ratio tzer/bare" in throughput.stdout
    mutators = script("bench_mutators.py", "--n", "6", "--compile-every", "3", "--mutators", "insert")
    assert "UB%" in mutators.stdout and "insert" in mutators.stdout


def test_gpu_batch_builds_a_bundle_here_and_judges_it_where_it_runs(tmp_path):
    """The GPU machine's half runs here on the CPU: a bundle of llvm builds, run by TVM's runtime
    in child processes and compared with the interpreter's outputs."""
    from tzer.campaign.testcase import TestCase

    good = textwrap.dedent('''
        @T.prim_func
        def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), n: T.int32):
            for i in range(8):
                B[i] = A[i] * T.float32(2) + T.Cast("float32", n)
    ''')
    for entry in range(3):
        TestCase(good, [{"name": "tirx.UnrollLoop"}] if entry else [], {"id": entry, "target": "llvm"}).dump(
            tmp_path / "out" / "queue" / f"id_{entry:06d}")
    built = script("gpu_batch.py", "build", tmp_path / "out", tmp_path / "bundle", "--targets", "llvm")
    assert '"built": 3' in built.stdout, built.stdout + built.stderr
    assert (tmp_path / "bundle" / "gpu_batch.py").is_file()  # the bundle carries its runner
    table = subprocess.run([sys.executable, str(tmp_path / "bundle" / "gpu_batch.py"), "run", tmp_path / "bundle"],
                           env=ENV, capture_output=True, text=True, check=True).stdout
    assert "| llvm | 3 | 3 | 0 | 0 | 0 | 0 |" in table, table

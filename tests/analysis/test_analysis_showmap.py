"""`tzer showmap` and `tzer cmin` with the real TVM and real workers (breakpoint coverage)."""

from __future__ import annotations

import csv
import json
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

import seeds
from tzer.analysis.cmin import minimize
from tzer.analysis.showmap import CorpusError, load_corpus, load_folder
from tzer.campaign.testcase import TestCase
from tzer.cli import main

SEEDS = ["arange_i32__plain.py", "full_3x4_f32__plain.py", "exp_16_f16__plain.py", "add_4x8_i64__plain.py"]
SCHEDULE = [{"name": "tirx.Simplify"}, {"name": "tirx.RemoveNoOp"}]


@pytest.fixture(scope="module")
def seed_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("seeds")
    for name in SEEDS:
        shutil.copyfile(Path(seeds.CORPUS_DIR) / name, folder / name)
    return folder


def script_of(name: str) -> str:
    return (Path(seeds.CORPUS_DIR) / name).read_text()


def showmap(capsys, *argv: str) -> tuple[int, dict, str]:
    code = main(["showmap", *argv, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out.strip().splitlines()[-1]) if code == 0 else {}), err


# -- inputs (no worker) ----------------------------------------------------------------------------

def test_a_campaign_folder_replays_its_queue_with_each_case_passes_checks_and_rng(tmp_path):
    TestCase(script_of(SEEDS[1]), SCHEDULE, {"id": 2, "checks": {"differential": True}, "rng": 77}).dump(
        tmp_path / "queue" / "id_000002")
    TestCase(script_of(SEEDS[0]), [], {"id": 1}).dump(tmp_path / "queue" / "id_000001")
    TestCase(script_of(SEEDS[2]), [], {"id": 9}).dump(tmp_path / "crashes" / "id_000009")
    cases = load_folder(tmp_path)
    assert [c.name for c in cases] == ["id_000001", "id_000002"]
    assert cases[1].passes == SCHEDULE and cases[1].checks == {"differential": True} and cases[1].rng == 77
    assert cases[0].checks == {} and cases[0].rng == 0
    request = cases[1].request()
    assert request["passes"] == SCHEDULE and request["rng"] == 77 and request["mutation"] is None


def test_findings_and_bug_folders_are_searched_for_case_folders_in_sorted_order(tmp_path):
    TestCase(script_of(SEEDS[0]), [], {}).dump(tmp_path / "b_bug" / "reduced" / "id_1")
    TestCase(script_of(SEEDS[1]), [], {}).dump(tmp_path / "a_bug" / "id_2")
    assert [c.name for c in load_folder(tmp_path)] == ["a_bug/id_2", "b_bug/reduced/id_1"]


def test_a_seed_folder_gives_py_files_without_passes(seed_dir):
    cases = load_corpus([seed_dir])
    assert [c.name for c in cases] == sorted(SEEDS) and all(c.passes == [] and c.is_seed_file for c in cases)


def test_bad_inputs_are_one_line_errors(tmp_path, capsys):
    with pytest.raises(CorpusError, match="no such folder"):
        load_folder(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    commands = (["showmap", str(tmp_path / "empty")], ["cmin", str(tmp_path / "missing"), "-o", str(tmp_path / "o")])
    for command in commands:
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"tzer {command[0]}: ") and err.count("\n") == 1


def test_an_output_path_that_is_a_folder_is_refused_before_any_replay(seed_dir, tmp_path, capsys):
    for flag in ("-o", "--per-case"):
        started = time.monotonic()
        assert main(["showmap", str(seed_dir), flag, str(tmp_path)]) == 1
        # Refused at once (no worker started), in one line, without a traceback.
        assert time.monotonic() - started < 5
        expected = f"tzer showmap: {flag} {tmp_path} is a folder; give the path of a file to write\n"
        assert capsys.readouterr().err == expected


def test_a_map_whose_save_failed_still_closes_while_the_error_propagates(tmp_path):
    import memcov

    backend = memcov.open_backend("breakpoint", progress=False)
    # As in showmap: the save's error is on its way up when the backend is closed. A view of the
    # shared map alive in its traceback made the close raise BufferError over it.
    with pytest.raises(IsADirectoryError):
        try:
            backend.global_map.save(tmp_path)
        finally:
            backend.close()


# -- replays ---------------------------------------------------------------------------------------

def test_showmap_reports_baseline_per_case_additions_and_a_loadable_map(seed_dir, tmp_path, capsys):
    import memcov

    code, summary, _ = showmap(capsys, str(seed_dir), "-o", str(tmp_path / "cov.npz"),
                               "--per-case", str(tmp_path / "cases.csv"))
    assert code == 0 and summary["cases"] == len(SEEDS) and summary["statuses"] == {"ok": len(SEEDS)}
    assert 0 < summary["baseline"] < summary["covered"]
    assert summary["beyond_baseline"] == summary["covered"] - summary["baseline"] > 10_000
    rows = list(csv.DictReader(open(tmp_path / "cases.csv")))
    assert [r["case"] for r in rows] == sorted(SEEDS)
    assert int(rows[-1]["cumulative_beyond_baseline"]) == summary["beyond_baseline"]
    assert sum(int(r["added_blocks"]) for r in rows) == summary["beyond_baseline"]
    backend = memcov.open_backend("breakpoint", progress=False)
    try:
        backend.global_map.load(tmp_path / "cov.npz")
        assert backend.global_map.covered() == summary["covered"]
    finally:
        backend.close()

    code, again, _ = showmap(capsys, str(seed_dir))
    assert code == 0 and abs(again["covered"] - summary["covered"]) <= 0.005 * summary["covered"]


def test_each_case_runs_with_its_own_passes(tmp_path, capsys):
    passes = [{"name": "s_tir.ConvertSSA"}, {"name": "tirx.ForceNarrowIndexToInt32"}]
    TestCase(script_of(SEEDS[1]), [], {}).dump(tmp_path / "plain" / "queue" / "id_000001")
    TestCase(script_of(SEEDS[1]), passes, {}).dump(tmp_path / "passes" / "queue" / "id_000001")
    maps = {}
    for name in ("plain", "passes"):
        code, summary, _ = showmap(capsys, str(tmp_path / name), "-o", str(tmp_path / f"{name}.npz"))
        assert code == 0 and summary["statuses"] == {"ok": 1}
        maps[name] = np.load(tmp_path / f"{name}.npz")["covered"]
    # The two passes' own code: blocks only the case with passes reaches.
    assert np.setdiff1d(maps["passes"], maps["plain"]).size > 200


def test_cmin_keeps_the_smallest_of_equal_cases_and_the_coverage(seed_dir, tmp_path, capsys):
    corpus = tmp_path / "corpus"
    shutil.copytree(seed_dir, corpus)
    # Copies of the smallest seed sort after it: it gets every block they share, they get at most
    # what re-running a function in the same process reaches (see tzer/analysis/cmin.py).
    for copy in ("zz_copy1.py", "zz_copy2.py"):
        (corpus / copy).write_text(script_of(SEEDS[0]))
    assert main(["cmin", str(corpus), "-o", str(tmp_path / "min")]) == 0
    out = capsys.readouterr().out
    kept = sorted(p.name for p in (tmp_path / "min").iterdir())
    assert set(SEEDS) <= set(kept) <= {*SEEDS, "zz_copy1.py", "zz_copy2.py"}
    assert f"{len(SEEDS) + 2} -> {len(kept)} kept" in out
    assert all((tmp_path / "min" / name).read_text() == (corpus / name).read_text() for name in kept)
    _, before, _ = showmap(capsys, str(corpus))
    _, after, _ = showmap(capsys, str(tmp_path / "min"))
    assert after["beyond_baseline"] >= 0.99 * before["beyond_baseline"]


def test_cmin_writes_test_case_folders_for_a_queue(tmp_path, capsys):
    TestCase(script_of(SEEDS[0]), [], {"id": 1, "rng": 5}).dump(tmp_path / "camp" / "queue" / "id_000001")
    TestCase(script_of(SEEDS[0]), SCHEDULE, {"id": 2}).dump(tmp_path / "camp" / "queue" / "id_000002")
    assert main(["cmin", str(tmp_path / "camp"), "-o", str(tmp_path / "min"), "--runs", "1"]) == 0
    kept = sorted(p.name for p in (tmp_path / "min").iterdir())
    assert kept and all(TestCase.load(tmp_path / "min" / name).script for name in kept)
    assert TestCase.load(tmp_path / "min" / kept[0]).meta["id"] in (1, 2)
    assert main(["cmin", str(tmp_path / "camp"), "-o", str(tmp_path / "min")]) == 1  # not empty
    capsys.readouterr()


def test_minimize_keeps_only_cases_credited_in_every_run():
    from types import SimpleNamespace as NS

    cases = [NS(name=n) for n in "abc"]
    run1 = NS(cases=[NS(name="a", added=np.array([1, 2])), NS(name="b", added=np.array([3])),
                     NS(name="c", added=np.array([]))])
    run2 = NS(cases=[NS(name="a", added=np.array([2])), NS(name="b", added=np.array([4])),
                     NS(name="c", added=np.array([5]))])
    assert [c.name for c in minimize(cases, [run1, run2])] == ["a"]
    assert [c.name for c in minimize(cases, [run1])] == ["a", "b"]


def test_by_dir_splits_a_replay_and_its_saved_map_alike_into_tvm_directories_llvm_and_z3(seed_dir, tmp_path,
                                                                                          capsys):
    code, replayed, _ = showmap(capsys, str(seed_dir), "--by-dir", "-o", str(tmp_path / "cov.npz"))
    assert code == 0
    totals = replayed["totals"]
    assert sum(covered for covered, _ in replayed["directories"].values()) == replayed["covered"]
    assert totals["tvm"][0] + totals["llvm"][0] + totals["z3"][0] == replayed["covered"]
    assert totals["llvm"][0] > 0 and 0 < totals["tir"][0] <= totals["tvm"][0]
    # Compiling for the host passes through TVM's LLVM code generator and its lowering passes.
    assert replayed["directories"]["src/target/llvm"][0] > 0 and replayed["directories"]["src/tirx/transform"][0] > 0
    code, saved, _ = showmap(capsys, str(tmp_path / "cov.npz"), "--by-dir")
    assert code == 0 and saved["directories"] == replayed["directories"] and saved["totals"] == totals
    assert main(["showmap", str(tmp_path / "cov.npz"), "--by-dir", "--depth", "2"]) == 0
    text = capsys.readouterr().out
    assert "src/tirx " in text and "TIR directories" in text and "src/relax" not in text


def test_saved_maps_need_by_dir_and_a_breakpoint_map(tmp_path, capsys):
    np.savez(tmp_path / "none.npz", backend="none", build_id="", total=0, covered=np.zeros(0, np.uint32),
             excluded=np.zeros(0, np.uint32))
    assert main(["showmap", str(tmp_path / "none.npz")]) == 1
    assert "with --by-dir only" in capsys.readouterr().err
    assert main(["showmap", str(tmp_path / "none.npz"), "--by-dir"]) == 1
    assert "needs a breakpoint map" in capsys.readouterr().err

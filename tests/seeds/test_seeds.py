"""The seed corpus: loading, checking a folder with broken seeds, and deterministic builds."""

from __future__ import annotations

import json

import pytest

import seeds
from tzer.seedcheck import check_seeds

GOOD = """# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i] + T.float32(1.0)
"""

# Parses, is well-formed and round-trips, but llvm has no GPU threads: TVM rejects it.
NO_COMPILE = """# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.thread_binding(4, thread="threadIdx.x"):
        B[i] = A[i] + T.float32(1.0)
"""

# Integer division by n // 100, which is 0 for every scalar input: SIGFPE if it ran; the reference
# interpreter finds the division by zero first.
CRASHES = """# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        B[i] = A[i] // (n // 100)
"""


def test_load_shipped_corpus():
    loaded = seeds.load()
    assert len(loaded) >= 300
    assert [s.name for s in loaded] == sorted(s.name for s in loaded)
    assert all(s.path.parent == seeds.CORPUS_DIR and "@T.prim_func" in s.script for s in loaded)


def test_shipped_index_matches_files():
    index = json.loads((seeds.CORPUS_DIR / "index.json").read_text())["seeds"]
    assert sorted(e["file"] for e in index) == sorted(p.name for p in seeds.CORPUS_DIR.glob("*.py"))
    assert len({e["hash"] for e in index}) == len(index)
    assert {e["form"] for e in index} == {"block", "plain"}
    assert any(e["origin"].startswith("model:") for e in index)


def test_load_missing_folder(tmp_path):
    with pytest.raises(seeds.SeedError, match="not found"):
        seeds.load(tmp_path / "nope")


def test_load_folder_without_seeds(tmp_path):
    (tmp_path / "notes.txt").write_text("no seeds here")
    with pytest.raises(seeds.SeedError, match="no .py files"):
        seeds.load(tmp_path)


def test_check_reports_each_broken_seed(tmp_path):
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "malformed.py").write_text("def main(:\n")
    (tmp_path / "no_compile.py").write_text(NO_COMPILE)
    (tmp_path / "sigfpe.py").write_text(CRASHES)
    (tmp_path / "z_after_crash.py").write_text(GOOD)

    report = check_seeds(tmp_path, progress=False)

    status = {row.name: row.status for row in report.rows}
    assert status == {"good": "ok", "malformed": "bad_seed", "no_compile": "rejected@compile",
                      "sigfpe": "undefined_behaviour@run", "z_after_crash": "ok"}
    errors = {row.name: row.first_error_line for row in report.rows}
    assert errors["good"] == "" and "division_by_zero" in errors["sigfpe"] and errors["no_compile"]
    table = report.table()
    assert "5 seeds" in table and "no_compile" in table and "good " not in table


def test_build_is_deterministic(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    summary = seeds.build(first, progress=False, only="conv1d")
    seeds.build(second, progress=False, only="conv1d")

    assert summary["seeds"] >= 4 and not summary["skipped"]
    files = sorted(p.name for p in first.iterdir())
    assert files == sorted(p.name for p in second.iterdir())
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)
    assert len(seeds.load(first)) == summary["seeds"]


def test_build_model_subset_and_rebuild_replaces_files(tmp_path):
    summary = seeds.build(tmp_path, progress=False, only="model_mlp", limit=1)
    assert summary["models"] == summary["seeds"] > 0
    (tmp_path / "stale.py").write_text(GOOD)
    seeds.build(tmp_path, progress=False, only="model_mlp", limit=1)
    assert not (tmp_path / "stale.py").exists()


def test_build_refuses_folder_that_is_not_a_corpus(tmp_path):
    (tmp_path / "mine.py").write_text("print('hello')\n")
    with pytest.raises(seeds.SeedError, match="not a built corpus"):
        seeds.build(tmp_path, progress=False, only="conv1d_ncw_k3_f32")
    assert (tmp_path / "mine.py").exists()

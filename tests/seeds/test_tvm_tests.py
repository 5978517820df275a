"""Seeds from TVM's pass tests: the shipped folder, and the extraction on a small sample test file."""

from __future__ import annotations

import json

import pytest

import seeds
from seeds import tvm_tests
from tirkit.script import from_script
from tirkit.verify import well_formed
from tzer.engine.seeding import SeedSourceError, initial_seeds

SAMPLE = """
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T

N = 8


@T.prim_func
def module_level(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32")):
    for i in range(N):
        B[i] = A[i] * T.float32(2.0)


class TestRemoveZeroLoop:
    @I.ir_module
    class Before:
        @T.prim_func
        def main(A: T.Buffer((4,), "int32")):
            for i in range(4):
                for j in range(0):
                    A[i] = A[i] + 1

    @T.prim_func
    def expected(A: T.Buffer((4,), "int32")):
        T.evaluate(0)


def test_nested():
    dtype = "float16"

    @T.prim_func
    def closure(A: T.Buffer((4,), dtype)):
        A[0] = T.cast(1, dtype)

    @T.prim_func
    def handles(a: T.handle("float32")):
        A = T.decl_buffer((4,), "float32", data=a)
        A[0] = T.float32(1.0)


def test_remove_zero_loop():
    after = tvm.tirx.transform.RemoveNoOp()(TestRemoveZeroLoop.Before)
    sch = tvm.s_tir.Schedule(module_level)
    sch.parallel(sch.get_loops(sch.get_sblock("B"))[0])
    tvm.tirx.transform.RemoveNoOp()(sch.mod)
"""


def test_extracts_the_functions_of_a_sample_test_file(tmp_path, capsys):
    folder = tmp_path / "tvm" / "tests" / "python" / "tirx-transform"
    folder.mkdir(parents=True)
    (folder / "test_sample.py").write_text(SAMPLE)
    out = tmp_path / "out"

    summary = tvm_tests.build(tmp_path / "tvm", out, progress=True)

    assert "reading TVM's test files: 100%" in capsys.readouterr().err

    index = json.loads((out / "index.json").read_text())["seeds"]
    assert [e["name"] for e in index] == [
        "test_sample__TestRemoveZeroLoop_Before_main",
        "test_sample__TestRemoveZeroLoop_expected",
        "test_sample__module_level",
    ]
    assert index[2]["origin"] == "tvm-test:tests/python/tirx-transform/test_sample.py::module_level"
    assert index[2]["shapes"] == [[8], [8]]
    # What the file applies, for the campaign to start its seeds with (the registry drops get_loops).
    assert index[0]["passes"] == ["tirx.RemoveNoOp", "schedule.parallel", "schedule.get_loops", "schedule.get_sblock"]
    assert seeds.load(out)[0].passes == tuple(index[0]["passes"])
    assert summary["functions found"] == 5 and summary["seeds"] == 3
    assert summary["not kept"] == {"needs the test's locals": 1, "handle parameter": 1}
    assert sorted(p.name for p in out.glob("*.py")) == sorted(e["file"] for e in index)


def test_prune_drops_seeds_from_folder_and_index(tmp_path):
    script = '@T.prim_func\ndef main(A: T.Buffer((4,), "int32")):\n    A[0] = 1\n'
    entry = {"name": "a", "file": "a.py", "hash": "0"}
    tvm_tests.write(tmp_path, [entry, {**entry, "name": "b", "file": "b.py", "hash": "1"}], {"a": script, "b": script})
    tvm_tests.prune(tmp_path, {"a": "undefined_behaviour@run"})
    assert [p.name for p in tmp_path.glob("*.py")] == ["b.py"]
    assert [e["name"] for e in json.loads((tmp_path / "index.json").read_text())["seeds"]] == ["b"]


def test_shipped_tvm_test_seeds_load_and_are_well_formed():
    index = json.loads((seeds.TVM_TESTS_DIR / "index.json").read_text())["seeds"]
    loaded = seeds.load(seeds.TVM_TESTS_DIR)
    assert len(loaded) >= 50
    assert sorted(e["file"] for e in index) == sorted(s.path.name for s in loaded)
    assert all(e["origin"].startswith("tvm-test:tests/python/") for e in index)
    corpus = {e["hash"] for e in json.loads((seeds.CORPUS_DIR / "index.json").read_text())["seeds"]}
    hashes = {e["hash"] for e in index}
    assert len(hashes) == len(index) and not hashes & corpus
    for seed in loaded:
        func = from_script(seed.script)
        assert well_formed(func), seed.name
        assert tvm_tests.unfit_reason(func) is None, seed.name


def test_campaign_seeds_from_several_folders(tmp_path):
    both = initial_seeds(f"{seeds.CORPUS_DIR},{seeds.TVM_TESTS_DIR}")
    assert len(both) == len(seeds.load()) + len(seeds.load(seeds.TVM_TESTS_DIR))
    assert initial_seeds(None) == both  # a campaign starts from both by default
    (tmp_path / "abs_2x3x4_f32__block.py").write_text("# a second seed of a name the corpus has\n")
    with pytest.raises(SeedSourceError, match="two seeds named 'abs_2x3x4_f32__block'"):
        initial_seeds(f"{seeds.CORPUS_DIR},{tmp_path}")


def test_a_function_lowered_past_make_packed_api_is_no_seed():
    # The shipped seed from test_lower_call_packed_raw_string: ForceNarrowIndexToInt32 narrowed
    # its tvm_struct_set values, which only code after MakePackedAPI writes (c30e's exception-667aeeb3).
    lowered = from_script('''
@T.prim_func
def main():
    stack: T.let[T.handle] = T.tvm_stack_alloca("tvm_ffi_any", 1)
    T.tvm_struct_set(stack, 0, 13, 0)
    T.call_packed_lowered("testing.echo", stack, 0, 1)
''')
    assert tvm_tests.unfit_reason(lowered) == "lowered packed-API calls"


def test_gpu_pass_tests_on_large_buffers_are_seeds():
    # TVM's GPU pass tests write 1024x1024 buffers; the interpreter refuses their loop nests at its
    # step budget instead of running them, so their size is no reason to leave them out. A kernel
    # bound to GPU threads runs only where a GPU driver runs it.
    transpose = from_script('''
@T.prim_func(s_tir=True)
def main(A: T.Buffer((1024, 1024), "float32"), B: T.Buffer((1024, 1024), "float32")):
    for ty in T.thread_binding(8, thread="threadIdx.y"):
        for i, j in T.grid(256, 256):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vj, vi] = A[vi, vj]
''')
    assert tvm_tests.unfit_reason(transpose) is None
    huge = from_script('''
@T.prim_func
def main(A: T.Buffer((2048, 2048), "float32")):
    A[0, 0] = T.float32(1.0)
''')
    assert tvm_tests.unfit_reason(huge) == f"over {tvm_tests.MAX_ELEMENTS} elements"
    # The same loops on the host: its builds run on every CPU target, some under qemu at -O0.
    on_host = from_script(transpose.script().replace('T.thread_binding(8, thread="threadIdx.y")', "range(8)"))
    assert tvm_tests.unfit_reason(on_host) == f"over {tvm_tests.MAX_WORK} loop iterations"
    index = json.loads((seeds.TVM_TESTS_DIR / "index.json").read_text())["seeds"]
    assert any("memhammer_lower_auto_copy" in e["origin"] and e["shapes"][0] == [1024, 1024] for e in index)


def test_a_seed_from_a_tvm_test_often_starts_with_a_pass_its_test_applies(tmp_path):
    import random
    from dataclasses import replace

    from tzer.cli import build_parser
    from tzer.engine.campaign import TESTED_PASS_SHARE, Campaign
    from tzer.options import options_from

    argv = ["fuzz", "-o", str(tmp_path / "out"), "--seeds", str(seeds.TVM_TESTS_DIR)]
    campaign = Campaign(options_from(build_parser().parse_args(argv), argv), random.Random(0))
    seed = next(s for s in initial_seeds(str(seeds.TVM_TESTS_DIR))
                if s.name == "test_s_tir_transform_memhammer_lower_auto_copy__SharedToWmma_main")
    assert seed.passes == ("s_tir.LowerAutoCopy", "tirx.FlattenBuffer")
    firsts = [campaign._initial_passes(seed)[0]["name"] for _ in range(200)]
    # Drawn as often as the other pass the file applies, which comes after its prerequisites.
    assert abs(firsts.count("s_tir.LowerAutoCopy") / 200 - TESTED_PASS_SHARE / 2) < 0.1
    untested = [campaign._initial_passes(replace(seed, passes=()))[0]["name"] for _ in range(200)]
    assert untested.count("s_tir.LowerAutoCopy") < 10


# TVM's test_lower_opcall_fail: a tile program it expects LowerTIRx to refuse (a gemm on 1-D tiles).
REFUSED_TILE_PROGRAM = """# from tvm.script import tirx as T

@T.prim_func
def test(A: T.Buffer((64,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    v = T.warp_id([1])
    v_1 = T.lane_id([32])
    A_smem = T.alloc_shared((64,))
    T.cta.copy(A[0:64], A_smem[0:64])
    T.cta.gemm(A_smem[0:64], A_smem[0:64], A_smem[0:64], A_smem[0:64], False, False, T.float32(1.0), T.float32(0.0))
    T.cta.copy(A_smem[0:64], A[0:64])
"""


def test_tile_programs_from_tvms_lower_tirx_tests_are_seeds_checked_as_the_fuzzer_runs_them(tmp_path):
    from tzer.seedcheck import check_seeds

    assert "tests/python/tirx/transform" in tvm_tests.TEST_DIRS
    index = json.loads((seeds.TVM_TESTS_DIR / "index.json").read_text())["seeds"]
    tiles = [e for e in index if e["form"] == "tile"]
    assert len(tiles) >= 10
    assert all(e["origin"].startswith("tvm-test:tests/python/tirx/transform/test_transform_lower_tirx.py::")
               for e in tiles)
    folder = tmp_path / "tiles"
    folder.mkdir()
    (folder / "kept.py").write_text((seeds.TVM_TESTS_DIR / tiles[0]["file"]).read_text())
    (folder / "refused.py").write_text(REFUSED_TILE_PROGRAM)
    rows = {row.name: row for row in check_seeds(folder).rows}
    # Lowered by LowerTIRx and built for CUDA; on the host both would only be rejections.
    assert rows["kept"].status == "ok", rows["kept"]
    assert rows["refused"].status == "exception@pass", rows["refused"]
    assert "TIRx schedule dispatch failed" in rows["refused"].first_error_line

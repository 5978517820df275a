"""memcov.atlas on the installed wheel's libtvm_compiler.so: which source file each block comes from."""

from pathlib import Path

import numpy as np
import pytest
from conftest import Worker
from elftools.elf.elffile import ELFFile

import memcov
from memcov import atlas, blocks

WORKER = Path(__file__).resolve().parent / "tvm_worker.py"

# Exported functions and where TVM defines them (the atlas never sees symbols: the library's
# code is read as if stripped).
KNOWN_FILES = {
    "_ZN3tvm12IRModuleNode3AddERKNS_9GlobalVarERKNS_8BaseFuncEb": "src/ir/module.cc",
    "_ZN3tvm4tirx10DeclBufferC1ENS0_9BufferVarENS_4ExprENS_4SpanE": "src/tirx/ir/stmt.cc",
    "_ZN3tvm6Target7CurrentEb": "src/target/target.cc",
}
KNOWN_DIRECTORIES = {
    "_ZN3tvm5s_tir9transform17LiftThreadBindingEv": "src/s_tir/transform",
    "_ZN3tvm3sym28TransitiveComparisonAnalyzerD1Ev": "src/sym",
}


@pytest.fixture(scope="module")
def backend():
    opened = memcov.open_backend("breakpoint", progress=False)
    yield opened
    opened.close()


def label_of_symbol(backend, table_atlas: atlas.Atlas, symbol: str) -> str:
    table = blocks.load(blocks.table_directory(backend.build_id))
    with open(table.library, "rb") as f:
        address = next(entry["st_value"] for entry in ELFFile(f).get_section_by_name(".dynsym").iter_symbols()
                       if entry.name == symbol)
    block = int(np.searchsorted(table.blocks, address))
    assert table.blocks[block] == address
    return table_atlas.labels[table_atlas.entry_label[block]]


def test_exported_functions_land_in_the_files_that_define_them(backend):
    table_atlas = backend.atlas()
    for symbol, path in KNOWN_FILES.items():
        assert label_of_symbol(backend, table_atlas, symbol) == path, symbol
    for symbol, directory in KNOWN_DIRECTORIES.items():
        assert atlas.under(table_atlas.directory_of(label_of_symbol(backend, table_atlas, symbol)), (directory,))


def test_the_library_is_tvm_llvm_and_z3_and_the_neighbour_rule_agrees_with_hidden_evidence(backend):
    atlas_, meta = atlas.build(blocks.load(blocks.table_directory(backend.build_id)))
    groups = meta["entry_groups"]
    assert sum(groups.values()) == backend.total
    assert groups["llvm"] > groups["tvm"] > groups["z3"] > 500_000
    held_out = meta["leave_one_out"]
    assert held_out["file_decided"] > 1000 and held_out["file_right"] == held_out["file_decided"]
    assert held_out["directory_right"] >= 0.99 * held_out["directory_decided"]
    assert np.array_equal(atlas_.entry_label, backend.atlas().entry_label)


def test_a_scoped_map_arms_and_counts_only_the_code_under_test(backend):
    scope = backend.atlas().in_scope(atlas.TIR_DIRECTORIES)
    backend.global_map.restrict(scope)
    wmap = backend.new_worker_map()
    worker = Worker(WORKER, [], wmap.env())
    try:
        assert 1_000_000 < worker.armed <= int(scope.sum()) < backend.total // 3
        wmap.reset()
        assert worker.call("compile add") == "done"
        hits = wmap.hit_indices()
        assert hits.size > 1000 and scope[hits].all()
        assert wmap.merge() == hits.size == backend.global_map.covered()
    finally:
        worker.kill()
        wmap.close()
        backend.global_map.restrict(None)
    directories = backend.atlas().by_directory(backend.global_map.covered_indices())
    assert directories["src/tirx/transform"][0] > 0 and directories["llvm"][0] == 0

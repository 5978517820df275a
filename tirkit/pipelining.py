"""The software-pipeline annotations of a loop against the body they number.

InjectSoftwarePipeline gives each statement of a pipelined loop's body (the body of its block, and
of a nested block whose body is a sequence) the stage and order its annotations list in turn. A
mutation that adds or removes one of those statements leaves annotations that number another body:
the pass then fails its own checks, which is the test's fault, not TVM's. The stages become
blocks, which only a function in block form (s_tir) may hold. The pass's output waits for its
asynchronous stages with a pair of attributes, the queue's scope directly around the in-flight
count, which later passes take apart as a pair (GetAsyncWaitAttributes checks it): a mutation that
splits them is the test's fault too (c44's exception-a5b6e580).
"""

from __future__ import annotations

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.verify import is_s_tir

STAGE = "software_pipeline_stage"
ORDER = "software_pipeline_order"
WAIT_SCOPE, WAIT_COUNT = "async_wait_queue_scope", "async_wait_inflight_count"


def _components(loop: tirx.For) -> int | None:
    """How many statements InjectSoftwarePipeline numbers in `loop`'s body (None: no sequence)."""
    body = loop.body
    if isinstance(body, tvm.s_tir.SBlockRealize):
        body = body.block.body
    if not isinstance(body, tirx.SeqStmt):
        return None
    count = 0
    for stmt in body.seq:
        predicate = stmt.predicate if isinstance(stmt, tvm.s_tir.SBlockRealize) else None
        unconditional = isinstance(predicate, tirx.IntImm) and int(predicate) == 1
        if unconditional and isinstance(stmt.block.body, tirx.SeqStmt):
            count += len(stmt.block.body.seq)
        else:
            count += 1
    return count


def pipeline_annotations_broken(func: tirx.PrimFunc) -> str | None:
    """Why a pipelined loop's annotations do not number its body, or the function cannot hold the
    blocks its stages become (it has no block form); None when every one is sound."""
    found: list[str] = []

    def visit(loop: tirx.For) -> None:
        annotations = loop.annotations or {}
        if STAGE not in annotations and ORDER not in annotations:
            return
        if not is_s_tir(func):
            found.append(f"loop {loop.loop_var} is pipelined in a function without the block form")
            return
        components = _components(loop)
        lengths = {len(annotations[key]) for key in (STAGE, ORDER) if key in annotations}
        if components is None or lengths != {components}:
            found.append(f"loop {loop.loop_var} has {components or 1} pipeline components, "
                         f"annotated as {sorted(lengths)}")

    def wait(attr: tirx.AttrStmt) -> None:
        if attr.attr_key == WAIT_SCOPE and not (isinstance(attr.body, tirx.AttrStmt) and
                                                attr.body.attr_key == WAIT_COUNT):
            found.append(f"an {WAIT_SCOPE} attribute without {WAIT_COUNT} directly inside it")

    tvm_ffi.structural_walk(func.body, [(tirx.For, visit), (tirx.AttrStmt, wait)], order="pre")
    return found[0] if found else None

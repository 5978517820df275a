"""The component a report names, and the root cause bugs are merged by, from what the reduced case's
culprit run found (tzer.oracles.culprit, tzer.oracles.origin)."""

from __future__ import annotations

import re
from typing import Any

from tzer.oracles.origin import NOT_REPARSED, NOT_WELL_FORMED
from tzer.passes.autoschedule import PREFIX as SCHEDULER_PREFIX
from tzer.passes.autoschedule import is_auto_schedule, primitive_label
from tzer.passes.labels import pass_family, pass_name
from tzer.signature import mask_message, message_of
from tzer.vocabulary import ILL_FORMED_OUTPUT, MISHANDLED, Component, FindingKind

PIPELINE = "pipeline:"
# A crash frame in a schedule primitive's C++ (`tvm::s_tir::Tensorize`).
_PRIMITIVE_FRAME = re.compile(r"^tvm::s_tir::([A-Z]\w*)$")
# Where the evidence stops: the guilty pass as the reduced sequence names it stays the report's.
_NO_VERDICT = (None, str(Component.UNKNOWN))


def with_origin(culprit: dict[str, Any] | None, origin: list[str] | None, failing: str | None) -> dict[str, Any] | None:
    """The culprit, where the IR checked after every pass was first broken by an earlier pass than
    the failing one: that pass made it (the checks' evidence comes before the replay's: a pass
    replayed alone may trip over the IR a later pass rewrote from the broken one)."""
    if not origin or not failing:
        return culprit
    where, problem = origin
    return {"component": str(Component.PASS), "label": failing, "made_by": where,
            "how": f"checked after every pass, the IR is first broken after {where} ({problem}); {failing} "
                   f"fails on it"}


def diagnosis(kind: str, signature: str, failing: str | None, message: str | None, found: list[str] | None,
              culprit: dict[str, Any] | None) -> tuple[list[str] | None, dict[str, Any] | None, str | None]:
    """From what a run of the reduced case found, the first pass after which its IR was broken
    (`found`, `[pass, problem]`) and the culprit: the origin (an earlier pass than the failing one
    broke the IR), the culprit with it, and the root cause, where the evidence names one (None: the
    bug's own signature decides)."""
    origin = found if found and _instance(found[0]) != _instance(failing) else None
    culprit = with_origin(culprit, origin, failing)
    # A pass whose own output the checks refuse broke the IR as an origin does: one root with the
    # bugs a later pass fails on after it (c46's ill_formed-a40eb0b1 and exception-a8855261).
    broke = origin or (found if found and kind == FindingKind.ILL_FORMED else None)
    root = vector_index_root(origin, failing, message) or \
        (culprit_root(kind, signature, culprit) if origin is None else None) or \
        (broken_root(broke) if broke else None)
    return origin, culprit, root


def broken_root(origin: list[str]) -> str:
    """The pass that broke the IR, and how, whichever kind of failure shows it. Which parser check
    trips first on a broken node depends on the rest of the function (one defect shows as
    "Incompatible types in BufferStore" and as "IntImm can only take scalar")."""
    problem = mask_message(origin[1]) if origin[1].startswith(NOT_WELL_FORMED) else NOT_REPARSED
    return f"broken by {pass_name(origin[0])}|{problem}"


def _instance(label: str | None) -> str:
    """Which run of a pass `label` names: the sequence's, or the pipeline's (`pipeline:` prefix)."""
    return pass_family(label).split(" [", 1)[0]


def named_culprit(guilty: str, culprit: dict[str, Any] | None, failing: str | None = None) -> str:
    """The component a report blames, in words: `made by X, fails in Y` where one pass made the IR
    another fails on; else the culprit found; else `guilty` (the reduced sequence's pass), or the
    failing pass or code generator where the sequence is empty, or both where a pipeline pass fails
    on what the sequence made."""
    if not culprit or culprit.get("component") in _NO_VERDICT:
        if guilty.startswith("none") and failing:
            return failing
        if failing and failing.startswith(PIPELINE):
            # The reduction shows the sequence's pass is needed for the build's pass to fail: it made
            # the IR; which of the two is wrong, the evidence does not tell.
            return f"made by {guilty.split(' (after ', 1)[0]}, fails in {failing}"
        return guilty
    if culprit.get("made_by"):
        return f"made by {culprit['made_by']}, fails in {culprit['label']}"
    return str(culprit["label"])


# TVM's JSON serializer crashes on a PrimType alone (`tvm.ir.save_json(tvm.ir.PrimType("int32"))`:
# PrimType's hash hook and the FFI's calling convention disagree), whichever step serializes one
# (c47's crash-97dd78f3: DLight's tensorize copies its intrinsic through it).
SERIALIZER_FRAME = "tvm::ffi::ToJSONGraph"


def serializer_crash(signature: str) -> dict[str, Any] | None:
    """The FFI's JSON serializer, where a crash's innermost frame is it; else None."""
    frames = signature.rsplit("|", 1)[-1].split(";")
    if frames[0] != SERIALIZER_FRAME:
        return None
    return {"component": str(Component.ANALYSIS), "label": SERIALIZER_FRAME, "made_by": None,
            "how": "the crash's innermost frame is TVM's JSON serializer, which crashes on a PrimType alone "
                   "(`tvm.ir.save_json(tvm.ir.PrimType('int32'))`), whichever step serialized one",
            "site": f"{SERIALIZER_FRAME}|crash"}


def scheduler_primitive_crash(signature: str, failing: str | None) -> dict[str, Any] | None:
    """The schedule primitive in whose C++ an automatic scheduler's step crashed, as the crash's
    frames name it (c44's crash-97dd78f3: DLight's tensorize copies its intrinsic through ToJSONGraph,
    which crashes); None where the failing step is no scheduler's or no frame names a primitive."""
    import tvm.s_tir

    if not failing or not is_auto_schedule(pass_name(failing)):
        return None
    for frame in signature.rsplit("|", 1)[-1].split(";"):
        found = _PRIMITIVE_FRAME.match(frame)
        label = primitive_label(found.group(1)) if found else ""
        if label and callable(getattr(tvm.s_tir.Schedule, label.removeprefix(SCHEDULER_PREFIX), None)):
            return {"component": str(Component.PASS), "label": f"{label} (in {failing})", "made_by": None,
                    "how": f"the crash's frames are in {found.group(1)}, the primitive {failing} ran when it crashed",
                    "site": f"{label}|crash in {signature.rsplit('|', 1)[-1]}"}
    return None


def culprit_root(kind: str, signature: str, culprit: dict[str, Any] | None) -> str | None:
    """The root cause of a bug by its culprit, whatever its message; None where the culprit names
    none (a pass failing on the function as written is told apart by its message, as before).
    - one pass made the IR another fails on: the pair;
    - a wrong result: the first pass after which the IR computes it, or the code generator and target;
    - a round trip: the printer or the parser, and how the round trip fails;
    - a check in a shared component: the component and the check's line."""
    if not culprit or culprit.get("component") in _NO_VERDICT:
        return None
    component, label = culprit["component"], str(culprit["label"])
    if culprit.get("site"):
        return site_root(kind, str(culprit["site"]))
    if culprit.get("made_by"):
        return f"{kind}|made by {pass_name(culprit['made_by'])}|fails in {_component_name(component, label)}"
    if component in (str(Component.PRINTER), str(Component.PARSER)):
        return f"{kind}|{label}|{message_of(signature)}"
    if kind == FindingKind.INCONSISTENCY:
        return f"{kind}|wrong after {_component_name(component, label)}"
    return None


# CompactBufferAllocation takes the region of a vector index that is no bare Ramp (`Ramp - Broadcast`,
# which its own index rewrite writes, or a Broadcast) for a point (BufferRegion::FromPoint,
# src/tirx/ir/stmt.cc): it compacts the buffer to a vector-valued shape, which later passes fail on
# in many ways, or evaluates the Ramp's interval and fails the interval evaluator's `eval_vec_`
# check (c44's and c45's exception-17c5668b and bf1181dc, one defect to their judges).
COMPACTOR = "s_tir.CompactBufferAllocation"
VECTOR_INDEX = f"{COMPACTOR}|the region of a vector index that is no Ramp"
_VECTOR_SHAPE = "has a vector in its shape"


def vector_index_root(origin: list[str] | None, failing: str | None, message: str | None) -> str | None:
    """The one root of CompactBufferAllocation's vector-index defect, whichever kind of failure it
    shows as: the pass leaves a vector in a buffer's shape, or fails the `eval_vec_` check."""
    if origin is not None:
        return VECTOR_INDEX if pass_name(origin[0]) == COMPACTOR and _VECTOR_SHAPE in origin[1] else None
    text = message or ""
    if pass_name(failing) == COMPACTOR and (_VECTOR_SHAPE in text or "(eval_vec_)" in text):
        return VECTOR_INDEX
    return None


def site_root(kind: str, point: str) -> str:
    """One failing check (tzer.oracles.raise_site.failure_point), whichever pass or analysis reached it;
    a primitive's ill-formed output, whether its verifier or a later step shows it; a construct a pass
    mishandles, whether the verifier or a wrong result shows it."""
    return point if point.startswith((f"{ILL_FORMED_OUTPUT}|", f"{MISHANDLED}|")) else f"{kind}|{point}"


def _component_name(component: str, label: str) -> str:
    """A pass by its name wherever it ran; a code generator with its target."""
    return label if component == str(Component.CODEGEN) else pass_name(label)

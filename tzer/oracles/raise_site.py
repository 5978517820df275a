"""Where inside TVM an error was raised, and which shared component that code belongs to.

TVM's errors carry the C++ stack they were raised on: the function names its library exports
(internal ones are left out), and the source file and line of the innermost frame, the check that
failed. A pass that fails at a check inside the arithmetic analyzer, constant folding or a code
generator reached that component's defect through itself: the report names the component.

Not every check is its component's fault. A constructor refusing a value (`IntImm`) or constant
folding refusing a division by zero guard what their caller passed: the caller is named where TVM
names it (`tvm::cast` folding a negative value into an unsigned type). An analyzer refusing to
rebind a variable is the fault of whoever binds it (the rewrite simplifier entering a `Let`).
"""

from __future__ import annotations

import re
import traceback
from dataclasses import asdict, dataclass
from typing import Any

# The key an outcome's details keep the site under.
RAISED_AT = "raised_at"
# The shared components a check can be in, by the C++ names TVM's frames carry; first match wins.
CODEGEN = "codegen"
DETECT_ITER_MAP = "sym.DetectIterMap"
REWRITE_SIMPLIFIER = "sym.RewriteSimplifier"
CANONICAL_SIMPLIFIER = "sym.CanonicalSimplifier"
INT_SET = "sym.IntSet"
CONST_INT_BOUND = "sym.ConstIntBoundAnalyzer"
CAST_FOLDING = "tvm::cast (constant folding)"
TRANSITIVE_COMPARISON = "sym.TransitiveComparisonAnalyzer"
# The schedule's lookup of a block by name, which a schedule step calls before its primitive.
BLOCK_LOOKUP = "schedule.get_sblock"
_COMPONENTS = (
    (re.compile(r"^tvm::s_tir::GetSBlocks$"), BLOCK_LOOKUP),
    (re.compile(r"tvm::sym::InverseAffineIterMap"), "sym.InverseAffineIterMap"),
    (re.compile(r"tvm::sym::Subspace"), "sym.SubspaceDivide"),
    # The region bounds compute from the splits of DetectIterMap's map (src/sym/int_set.cc): a value
    # they fold wrongly (a division by a split's zero scale) is the map's.
    (re.compile(r"tvm::sym::(IterMap|DetectIterMap|IterSum|NormalizeToIterSum|NormalizeIterMapToExpr|"
                r"EstimateRegion(Strict|Upper|Lower)Bound)"), DETECT_ITER_MAP),
    (re.compile(r"tvm::sym::RewriteSimplifier"), REWRITE_SIMPLIFIER),
    (re.compile(r"tvm::sym::CanonicalSimplifier"), CANONICAL_SIMPLIFIER),
    (re.compile(r"tvm::sym::ConstIntBound"), CONST_INT_BOUND),
    (re.compile(r"tvm::sym::ModularSet"), "sym.ModularSetAnalyzer"),
    (re.compile(r"tvm::sym::TransitiveComparison"), TRANSITIVE_COMPARISON),
    (re.compile(r"tvm::sym::(IntSet|IntervalSet|EvalSet)"), INT_SET),
    (re.compile(r"tvm::sym::(BoundDeducer|DeduceBound)"), "sym.DeduceBound"),
    (re.compile(r"^tvm::prim::cast$"), CAST_FOLDING),
    (re.compile(r"tvm::codegen::CodeGen"), CODEGEN),
)
# Checks on a value the caller passed (a constructor's range, folding a division by zero, a scalar
# helper's type): the frame that called them passed it.
_VALUE_CHECKS = re.compile(r"^tvm::(IntImm::IntImm|FloatImm::FloatImm)$|TryConstFold$|MakeConstScalar$|"
                           r"^tvm::PrimType::|^tvm::ffi::|^tvm::(floordiv|floormod|truncdiv|truncmod|div|indexdiv|indexmod)$")
# What a value passes through on its way to a value check, naming no caller: TVM's arithmetic
# builders and the mutators' node dispatch (c46's exception-5e90900c: the canonical simplifier's
# less-than rule forms an unsigned `a - b` through `tvm::sub` inside its dispatch of LT).
_PASS_THROUGH = re.compile(r"^tvm::(add|sub|mul|neg|operator[-+*/%])$|^tvm::(ObjectMutator|ObjectVisitor)::")
# An analyzer refusing to rebind a variable: whoever binds it is at fault.
_BINDING_CHECKS = re.compile(r"::(Bind|Update)$")
# An expression mutator's visit of a Let (the frame names the node type among its template arguments).
_LET_VISIT = re.compile(r"DispatchNode<tvm::ExprMutator, tvm::prim::LetNode>|VisitExpr_\(tvm::prim::LetNode const\*")
_TEMPLATE_ARGUMENTS = re.compile(r"<[^<>]*>")
# TVM's build tree, as its frames name files: "/project/src/sym/int_set.cc".
_SOURCE_ROOT = re.compile(r"^.*?/(?=(src|include|3rdparty)/)")


@dataclass(frozen=True)
class RaiseSite:
    """`file`:`line` in TVM's source and its `function`; `callers`, the C++ functions TVM named
    on the way there, innermost first (Python frames left out)."""

    file: str
    line: int
    function: str
    callers: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "callers": list(self.callers)}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> RaiseSite | None:
        if not data:
            return None
        return cls(str(data["file"]), int(data["line"]), str(data["function"]), tuple(data.get("callers") or ()))


def raise_site(error: BaseException) -> RaiseSite | None:
    """Where in TVM's C++ `error` was raised; None when it was raised in Python or TVM named no file."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames or frames[-1].filename.endswith((".py", ".pxi")) or frames[-1].filename == "<unknown>":
        return None
    innermost = frames[-1]
    callers: list[str] = []
    for frame in reversed(frames[:-1]):
        if frame.filename != "<unknown>":
            break
        callers.append(frame.name)
    return RaiseSite(_SOURCE_ROOT.sub("", innermost.filename), innermost.lineno or 0, innermost.name, tuple(callers))


def site_details(error: BaseException) -> dict[str, Any]:
    """An outcome's `details` entry for where `error` was raised (empty where TVM named no file)."""
    site = raise_site(error)
    return {RAISED_AT: site.to_dict()} if site else {}


def shared_component(site: RaiseSite | None) -> str | None:
    """The shared component (an analysis of `tvm.sym`, `tvm::cast`'s folding, `codegen`) at fault
    for the check that failed; None where TVM's frames name none (the check is in a pass's own
    code, or the frames that would tell are not exported). The check's own function is; for a
    value check, its first caller that is no value check; for a binding check, the nearest component
    that binds, or the transitive comparison table that alone compares bindings as written."""
    if site is None:
        return None
    frames = [qualified_name(function) for function in (site.function, *site.callers)]
    if _BINDING_CHECKS.search(frames[0]):
        if _component(frames[0]) == TRANSITIVE_COMPARISON:
            # Analyzer::Bind updates it last, with the value unsimplified, and it compares bindings
            # as written: where it alone refuses, every table before it took the value for the same
            # one (c46's exception-48fc3122: `l = ax0`, then `l = 0` with ax0 known to be 0).
            return TRANSITIVE_COMPARISON
        if _simplifier_binds_a_let(site):
            return REWRITE_SIMPLIFIER
        return next(filter(None, (_component(f) for f in frames[1:] if not _BINDING_CHECKS.search(f))), None)
    if _VALUE_CHECKS.search(frames[0]):
        callers = _past_value_checks(site)
        if _casts_an_interval(callers):
            return INT_SET
        return _component(callers[0]) if callers else None
    return _component(frames[0])


def _past_value_checks(site: RaiseSite) -> list[str]:
    """The callers of a failed value check past the value checks, builders and dispatch that passed
    the value on (`tvm::floordiv` folding through TryConstFold)."""
    callers = [qualified_name(function) for function in site.callers]
    while callers and (_VALUE_CHECKS.search(callers[0]) or _PASS_THROUGH.search(callers[0])):
        callers = callers[1:]
    return callers


def is_interval_cast(site: RaiseSite) -> bool:
    """Whether a value check failed folding the cast of an interval's end (see `_casts_an_interval`)."""
    return is_value_check(site) and _casts_an_interval(_past_value_checks(site))


def _casts_an_interval(callers: list[str]) -> bool:
    """The interval analysis casts each end of an interval: an end the type cannot hold means the
    cast wraps, and no cast of the ends is the interval's image (c41's exception-20c2521f), whatever
    IR asked for the interval (exception-5131eab5: LowerIntrin binding CSE's valid cast)."""
    return len(callers) > 1 and _component(callers[0]) == CAST_FOLDING and _component(callers[1]) == INT_SET


def _simplifier_binds_a_let(site: RaiseSite) -> bool:
    """Whether the binding that failed is a `Let`'s, bound by a simplifier's expression visitor: the
    rewrite simplifier's Let visitor (which the canonical one inherits) binds the variable in the
    shared analyzer for good, so a second visit binds it again, whichever analysis simplified."""
    callers = [function for function in site.callers if not _BINDING_CHECKS.search(qualified_name(function))]
    return bool(callers) and bool(_LET_VISIT.search(callers[0])) and any(
        _component(qualified_name(function)) in (REWRITE_SIMPLIFIER, CANONICAL_SIMPLIFIER) for function in callers)


def _component(function: str) -> str | None:
    return next((component for pattern, component in _COMPONENTS if pattern.search(function)), None)


def qualified_name(function: str) -> str:
    """`tvm::sym::IterMapRewriter::SplitFloorModConst` of a frame's full C++ signature (return
    type, template arguments and parameters left out)."""
    previous = None
    while previous != function:
        previous, function = function, _TEMPLATE_ARGUMENTS.sub("", function)
    return function.split("(", 1)[0].split()[-1] if function.split("(", 1)[0].split() else function


# A binding check as a root cause: which analyzer's binding table trips first, and at which of its
# checks, depends on the values bound, not on the binder's defect.
REBINDING = "a variable bound twice"
INTERVAL_CAST = "a cast of an interval's end the type cannot hold"
CONSTANT_CAST = "a constant cast to a type that cannot hold it"


def failure_point(site: RaiseSite, caller: str) -> str:
    """The failing check as one root cause: its line, whichever component or pass reached it. A check
    on what its caller passed (a value check; a binding check, any of them) is reached from unrelated
    code: one root per `caller` (the component at fault, see `shared_component`)."""
    if is_binding_check(site):
        return f"{caller}|{REBINDING}"
    if is_interval_cast(site):
        # Which check of the cast's folding trips depends on the type (op.h's for unsigned, IntImm's
        # for signed): one wrong rule.
        return f"{caller}|{INTERVAL_CAST}"
    if caller == CAST_FOLDING and is_value_check(site):
        # Folding a constant cast the type cannot hold (uint8 of -1, of 256) throws instead of
        # wrapping, at whichever of the constructors' checks (c42's exception-20c2521f, 73bf40a8).
        return f"{caller}|{CONSTANT_CAST}"
    return f"{caller}|{site.where}" if is_value_check(site) else site.where


def is_binding_check(site: RaiseSite) -> bool:
    """Whether the failing check is an analyzer refusing to rebind a variable."""
    return bool(_BINDING_CHECKS.search(qualified_name(site.function)))


def is_value_check(site: RaiseSite) -> bool:
    """Whether the failing check guards a value its caller passed (one check that unrelated code reaches)."""
    return bool(_VALUE_CHECKS.search(qualified_name(site.function)))


# A Python frame of TVM's package (or of tvm_ffi's) in a formatted traceback.
_PYTHON_FRAME = re.compile(r'File "[^"]*?/site-packages/((?:tvm|tvm_ffi)/[^"]+)", line (\d+), in (\S+)')


def python_failure_point(error_text: str) -> str | None:
    """Where in TVM's Python code an exception raised in Python names its defect, from its formatted
    traceback: the innermost frame of TVM's package, or its caller where that frame only checked
    what it was passed (an assertion) and where tvm_ffi's containers refused an index. One line,
    whichever message (c42's exception-c7c1ebf2 and cb228447: dlight's is_gemv reads `writes[0]`
    of a block that has none, and passes an unfit region to a helper that asserts on it)."""
    frames = _PYTHON_FRAME.findall(error_text.rsplit("Traceback (most recent call last):", 1)[-1])
    through_ffi = False
    while frames and frames[-1][0].startswith("tvm_ffi/"):
        frames.pop()
        through_ffi = True
    if not frames or not frames[-1][0].startswith("tvm/"):
        return None
    if not through_ffi and error_text.startswith("AssertionError") and len(frames) > 1 and \
            frames[-2][0].startswith("tvm/"):
        frames.pop()
    path, line, function = frames[-1]
    return f"python/{path}:{line} ({function})"


_UNCAUGHT = re.compile(r"terminate called after throwing an instance of '[^']+'\s*\n\s*what\(\):\s*(.*)")


def uncaught_error(log: str) -> str | None:
    """The message of a C++ exception nothing caught (the process aborted on it), from the worker's log."""
    found = _UNCAUGHT.findall(log or "")
    return found[-1].strip() if found else None

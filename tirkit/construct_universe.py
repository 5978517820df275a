"""The (construct, context) pairs that TVM accepts: measured, not assumed.

For every construct of `tirkit.constructs.CONSTRUCTS` and every context of `CONTEXTS`, one small
PrimFunc places the construct in the context (`build`). The pair is accepted when

1. `tirkit.constructs.census` finds the pair in the function (the probe is what it claims),
2. the function is well-formed (`tirkit.verify.check_well_formed`),
3. the caller's judge runs it to the end without undefined behaviour (the measuring script
   passes the reference interpreter, which tirkit, below the fuzzer, cannot import; a construct
   the interpreter does not support gets no verdict, so it is rejected), and
4. `tvm.compile(f, target="llvm")` succeeds, in a forked child so that an LLVM abort rejects
   the pair instead of killing the caller.

The result is cached in `tirkit/accepted_constructs.py`, with the reason each other pair was
rejected; recompute it after a TVM upgrade with `python experiments/measure_constructs.py`
(under a minute).

Every probe reads the inputs A (float32) and B (int32, small non-negative values: the fuzzer's
inputs) and writes the output C, each of SIZE elements. A context hands its construct an index
i in [0, LANES): the loop variable of a loop context, 0 elsewhere. A construct writes only
C[i * LANES + k] for k < LANES, so the iterations of a parallel, vectorized or thread-bound loop
never write the same element.
"""

from __future__ import annotations

import os
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tvm
import tvm.s_tir
from tvm import tirx

from tirkit.constructs import (
    ALLOC_SCOPES,
    ATTR_KEYS,
    CONSTRUCTS,
    CONTEXTS,
    LOOP_ANNOTATIONS,
    census,
    needs_block_form,
)
from tirkit.errors import first_line
from tirkit.verify import check_well_formed

LANES = 4
SIZE = LANES * LANES
# A judge returns why a well-formed function is rejected (undefined behaviour, ...), or None.
Judge = Callable[[tirx.PrimFunc], str | None]


def _i32(value: int) -> tvm.ir.Expr:
    return tirx.IntImm("int32", value)


def _f32(value: float) -> tvm.ir.Expr:
    return tirx.FloatImm("float32", value)


def _seq(*stmts: tirx.Stmt) -> tirx.Stmt:
    return stmts[0] if len(stmts) == 1 else tirx.SeqStmt(list(stmts))  # a one-item SeqStmt raises


@dataclass(frozen=True)
class Probe:
    """The buffers of a probe function and the statements its constructs are made of."""

    a: tirx.Var
    b: tirx.Var
    c: tirx.Var
    # In a block function: TVMScript re-parses a block function's allocations without a layout.
    s_tir: bool = False

    @staticmethod
    def new(s_tir: bool = False) -> Probe:
        buffers = (("A", "float32"), ("B", "int32"), ("C", "float32"))
        return Probe(*(tirx.decl_buffer((SIZE,), dtype, name=name) for name, dtype in buffers), s_tir=s_tir)

    def buffer(self, shape: tuple[int, ...], dtype: str, name: str, scope: str) -> tirx.Var:
        """A new buffer to allocate, declared as the printer and parser agree on."""
        if self.s_tir:
            return tirx.decl_buffer(shape, dtype, name=name, scope=scope, layout=None)
        return tirx.decl_buffer(shape, dtype, name=name, scope=scope)

    def work(self, i: tvm.ir.Expr, k: tvm.ir.Expr | None = None) -> tirx.Stmt:
        """C[i * LANES + k] = A[...] + 1: a store the construct is about."""
        index = tirx.Mul(i, _i32(LANES)) if k is None else tirx.Add(tirx.Mul(i, _i32(LANES)), k)
        return tirx.BufferStore(self.c, tirx.Add(tirx.BufferLoad(self.a, [index]), _f32(1.0)), [index])

    def loop_work(self, i: tvm.ir.Expr, kind: tirx.ForKind = tirx.ForKind.SERIAL, **loop: object) -> tirx.For:
        k = tirx.Var("k", "int32")
        return tirx.For(k, _i32(0), _i32(LANES), kind, self.work(i, k), **loop)

    def fill(self, t: tirx.Var, i: tvm.ir.Expr) -> tirx.For:
        """T[k] = A[i * LANES + k] for every k: a new allocation is whole before it is read."""
        k = tirx.Var("k", "int32")
        index = tirx.Add(tirx.Mul(i, _i32(LANES)), k)
        return tirx.For(
            k, _i32(0), _i32(LANES), tirx.ForKind.SERIAL, tirx.BufferStore(t, tirx.BufferLoad(self.a, [index]), [k])
        )

    def store(self, i: tvm.ir.Expr, value: tvm.ir.Expr) -> tirx.Stmt:
        return tirx.BufferStore(self.c, value, [tirx.Mul(i, _i32(LANES))])

    def region(self, buffer: tirx.Var) -> tirx.BufferRegion:
        return tirx.BufferRegion(buffer, [tvm.ir.Range(0, SIZE)])


# --- constructs: each builds a statement at index i --------------------------------------------
Construct = Callable[[Probe, tvm.ir.Expr], tirx.Stmt]


def _alloc(scope: str) -> Construct:
    def build(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
        t = p.buffer((LANES,), "float32", "T", scope)
        return _seq(tirx.AllocBuffer(t), p.fill(t, i), p.store(i, tirx.BufferLoad(t, [_i32(0)])))

    return build


def _view(shape: tuple[int, ...], dtype: str) -> Construct:
    def build(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
        view = tirx.decl_buffer(shape, dtype, name="V", data=p.a.data, layout=p.a.layout)
        flat = tirx.Mul(i, _i32(LANES))
        index = [flat]
        if len(shape) == 2:
            index = [tirx.FloorDiv(flat, _i32(shape[1])), tirx.FloorMod(flat, _i32(shape[1]))]
        value = tirx.BufferLoad(view, index)
        return _seq(tirx.DeclBuffer(view, data=p.a.data), p.store(i, tirx.Cast("float32", value)))

    return build


def _bind(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    x = tirx.Var("x", "int32")
    # B holds small values; the min shows the overflow checks a bound without changing them.
    value = tirx.Add(tirx.Min(tirx.BufferLoad(p.b, [i]), _i32(SIZE)), _i32(1))
    return _seq(tirx.Bind(x, value), p.store(i, tirx.Cast("float32", x)))


def _if(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    return tirx.IfThenElse(tirx.GT(tirx.BufferLoad(p.b, [i]), _i32(1)), p.work(i), p.store(i, _f32(0.0)))


def _while(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    n = p.buffer((1,), "int32", "n", "local")
    count = tirx.BufferLoad(n, [_i32(0)])
    # min(count, 3) + 1 equals count + 1 here, and shows the overflow checks a bound.
    step = tirx.BufferStore(n, tirx.Add(tirx.Min(count, _i32(3)), _i32(1)), [_i32(0)])
    loop = tirx.While(tirx.LT(count, _i32(3)), step)
    start = tirx.BufferStore(n, _i32(0), [_i32(0)])
    return _seq(tirx.AllocBuffer(n), start, loop, p.store(i, tirx.Cast("float32", count)))


def _jump(intrinsic: Callable[[], tvm.ir.Expr]) -> Construct:
    # The Break/Continue statement nodes are rejected by LLVM codegen; the intrinsic is the form
    # the fuzzer generates.
    return lambda p, i: _seq(p.work(i), tirx.Evaluate(intrinsic()))


def _assert(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    cond = tirx.GE(tirx.BufferLoad(p.b, [i]), _i32(0))
    check = tirx.AssertStmt(cond, tvm.ir.StringImm("RuntimeError"), [tvm.ir.StringImm("B is negative")])
    return _seq(check, p.work(i))


def _evaluate(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    return _seq(tirx.Evaluate(tirx.exp(tirx.BufferLoad(p.a, [i]))), p.work(i))


def _attr(key: str) -> Construct:
    def build(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
        if key in ("virtual_thread", "thread_extent"):
            tag = "vthread" if key == "virtual_thread" else "threadIdx.x"
            v = tirx.Var("t", "int32")
            # LANES threads, as many as a thread-bound loop context has: TVM wants every binding
            # of one thread tag to have the same extent. Thread t writes C[i * LANES + t].
            thread = tirx.IterVar(tvm.ir.Range(0, LANES), v, tirx.IterVar.ThreadIndex, tag)
            return tirx.AttrStmt(thread, key, _i32(LANES), p.work(i, v))
        if key in ("double_buffer_scope", "storage_alignment", "volatile_scope"):
            # These name an allocation (its buffer var) and cover the code that writes it.
            t = p.buffer((LANES,), "float32", "T", "local" if key == "double_buffer_scope" else "")
            k = tirx.Var("k", "int32")
            fill = tirx.For(
                k, _i32(0), _i32(LANES), tirx.ForKind.SERIAL, tirx.BufferStore(t, tirx.BufferLoad(p.a, [k]), [k])
            )
            value = _i32(64) if key == "storage_alignment" else _i32(1)
            use = p.store(i, tirx.BufferLoad(t, [i]))
            return _seq(tirx.AllocBuffer(t), tirx.AttrStmt(t, key, value, fill), use)
        if key == "compute_scope":  # as MakePackedAPI writes it
            return tirx.AttrStmt(0, key, tvm.ir.StringImm("probe_compute_"), p.work(i))
        if key == "async_wait_queue_scope":  # InjectSoftwarePipeline's pair of attrs
            wait = tirx.AttrStmt(0, "async_wait_inflight_count", _i32(0), p.work(i))
            return tirx.AttrStmt(0, key, _i32(0), wait)
        # A pragma covers a loop; a parallel launch point covers a parallel loop. The node is 0:
        # the verifier refuses the covered loop's var (LowerOpaqueBlock writes that, later).
        kind = tirx.ForKind.PARALLEL if key == "pragma_parallel_launch_point" else tirx.ForKind.SERIAL
        node: object = 0
        # An async queue is numbered from 0, as InjectSoftwarePipeline numbers it; CUDA's code
        # generator takes queue 0 only, by design.
        value = 0 if key.startswith("async_") else LANES if "unroll" in key else 1
        return tirx.AttrStmt(node, key, _i32(value), p.loop_work(i, kind))

    return build


def _for(kind: str) -> Construct:
    def build(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
        if kind in ("thread", "vthread"):
            tag = "vthread" if kind == "vthread" else "threadIdx.x"
            # As the parser builds a binding: no domain, its own var.
            binding = tirx.IterVar(None, tirx.Var("iter", "int32"), tirx.IterVar.ThreadIndex, tag)
            return p.loop_work(i, tirx.ForKind.THREAD_BINDING, thread_binding=binding)
        return p.loop_work(i, getattr(tirx.ForKind, kind.upper()))

    return build


def _annotated(key: str) -> Construct:
    def build(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
        k = tirx.Var("k", "int32")
        if key.startswith("software_pipeline"):
            # A two-stage pipeline of the loop body's two statements; the stage and order
            # annotations go together (InjectSoftwarePipeline needs both).
            annotations: dict[str, object] = {"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1]}
            if key == "software_pipeline_async_stages":
                annotations[key] = [0]
            t = p.buffer((LANES,), "float32", "T", "local")
            body = _seq(
                tirx.BufferStore(t, tirx.BufferLoad(p.a, [k]), [k]),
                tirx.BufferStore(p.c, tirx.BufferLoad(t, [k]), [tirx.Add(tirx.Mul(i, _i32(LANES)), k)]),
            )
            loop = tirx.For(k, _i32(0), _i32(LANES), tirx.ForKind.SERIAL, body, annotations=annotations)
            # T is filled first: each stage reads only what the one before it wrote, but the
            # static checks of the tests want an allocation whole before any loop reads it.
            return _seq(tirx.AllocBuffer(t), p.fill(t, i), loop)
        # Plain ints (not IntImm) so that the annotations round-trip through TVMScript.
        value = LANES if key == "pragma_auto_unroll_max_step" else 1
        return tirx.For(k, _i32(0), _i32(LANES), tirx.ForKind.SERIAL, p.work(i, k), annotations={key: value})

    return build


def _ramp_store(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    ramp = tirx.Ramp(tirx.Mul(i, _i32(LANES)), _i32(1), LANES)
    return tirx.BufferStore(p.c, tirx.BufferLoad(p.a, [ramp]), [ramp])


def _broadcast_store(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    ramp = tirx.Ramp(tirx.Mul(i, _i32(LANES)), _i32(1), LANES)
    return tirx.BufferStore(p.c, tirx.Broadcast(tirx.BufferLoad(p.a, [i]), LANES), [ramp])


def _let(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    x = tirx.Var("x", "float32")
    return p.store(i, tirx.Let(x, tirx.BufferLoad(p.a, [i]), tirx.Mul(x, x)))


def _select(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    return p.store(i, tirx.Select(tirx.GT(tirx.BufferLoad(p.b, [i]), _i32(1)), tirx.BufferLoad(p.a, [i]), _f32(0.0)))


def _shuffle(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    # One lane of a vector load: how a vector reaches scalar code.
    vector = tirx.BufferLoad(p.a, [tirx.Ramp(tirx.Mul(i, _i32(LANES)), _i32(1), LANES)])
    return p.store(i, tirx.Shuffle([vector], [_i32(2)]))


def _reinterpret(p: Probe, i: tvm.ir.Expr) -> tirx.Stmt:
    return p.store(i, tirx.reinterpret("float32", tirx.BufferLoad(p.b, [i])))


BUILDERS: dict[str, Construct] = {
    **{f"AllocBuffer:{scope}": _alloc(scope) for scope in ALLOC_SCOPES},
    "DeclBuffer:same": _view((SIZE,), "float32"),
    "DeclBuffer:dtype": _view((SIZE,), "int32"),
    "DeclBuffer:shape": _view((LANES, LANES), "float32"),
    "Bind": _bind,
    "IfThenElse": _if,
    "While": _while,
    "Break": _jump(tirx.break_loop),
    "Continue": _jump(tirx.continue_loop),
    "AssertStmt": _assert,
    "Evaluate": _evaluate,
    **{f"AttrStmt:{key}": _attr(key) for key in ATTR_KEYS},
    **{f"For:{kind}": _for(kind) for kind in ("serial", "unrolled", "parallel", "vectorized", "thread", "vthread")},
    **{f"ForAnnotation:{key}": _annotated(key) for key in LOOP_ANNOTATIONS},
    "BufferStore:ramp_index": _ramp_store,
    "BufferStore:broadcast_value": _broadcast_store,
    "Let": _let,
    "Select": _select,
    "Shuffle": _shuffle,
    "reinterpret": _reinterpret,
}
# Break and Continue need a loop around them: where the context is not one, a serial loop goes
# around the context (it is not the innermost context, so the pair is unchanged).
_NEEDS_LOOP = ("Break", "Continue")
_LOOPS = ("serial", "unrolled", "parallel", "vectorized", "thread", "vthread", "while")


# --- contexts: each places a construct, given as a function of the index ---------------------
Place = Callable[[Callable[[tvm.ir.Expr], tirx.Stmt]], tirx.Stmt]


def _loop_context(kind: str) -> Callable[[Probe], Place]:
    def context(p: Probe) -> Place:
        def place(make: Callable[[tvm.ir.Expr], tirx.Stmt]) -> tirx.Stmt:
            i = tirx.Var("i", "int32")
            if kind in ("thread", "vthread"):
                binding = tirx.IterVar(
                    None,
                    tirx.Var("iter", "int32"),
                    tirx.IterVar.ThreadIndex,
                    "vthread" if kind == "vthread" else "threadIdx.x",
                )
                return tirx.For(i, _i32(0), _i32(LANES), tirx.ForKind.THREAD_BINDING, make(i), thread_binding=binding)
            return tirx.For(i, _i32(0), _i32(LANES), getattr(tirx.ForKind, kind.upper()), make(i))

        return place

    return context


def _body(p: Probe) -> Place:
    return lambda make: make(_i32(0))


def _block(p: Probe) -> Place:
    def place(make: Callable[[tvm.ir.Expr], tirx.Stmt]) -> tirx.Stmt:
        block = tvm.s_tir.SBlock([], [p.region(p.a), p.region(p.b)], [p.region(p.c)], "probe", make(_i32(0)))
        return tvm.s_tir.SBlockRealize([], True, block)

    return place


def _init(p: Probe) -> Place:
    def place(make: Callable[[tvm.ir.Expr], tirx.Stmt]) -> tirx.Stmt:
        # A reduction over r: the init runs once, before the first update.
        r, vr = tirx.Var("r", "int32"), tirx.Var("vr", "int32")
        reduce = tirx.IterVar(tvm.ir.Range(0, 2), vr, tirx.IterVar.CommReduce)
        first = [_i32(0)]
        update = tirx.BufferStore(p.c, tirx.Add(tirx.BufferLoad(p.c, first), tirx.BufferLoad(p.a, [vr])), first)
        reads = [p.region(p.a), p.region(p.b), p.region(p.c)]
        block = tvm.s_tir.SBlock([reduce], reads, [p.region(p.c)], "probe", update, init=make(_i32(0)))
        return tirx.For(r, _i32(0), _i32(2), tirx.ForKind.SERIAL, tvm.s_tir.SBlockRealize([r], True, block))

    return place


def _if_context(p: Probe) -> Place:
    return lambda make: tirx.IfThenElse(tirx.GE(tirx.BufferLoad(p.b, [_i32(0)]), _i32(0)), make(_i32(0)), None)


def _while_context(p: Probe) -> Place:
    def place(make: Callable[[tvm.ir.Expr], tirx.Stmt]) -> tirx.Stmt:
        n = p.buffer((1,), "int32", "rounds", "local")
        count = tirx.BufferLoad(n, [_i32(0)])
        # The counter goes up first, so that a Continue in the construct cannot skip it.
        step = tirx.BufferStore(n, tirx.Add(tirx.Min(count, _i32(2)), _i32(1)), [_i32(0)])  # bounded, as in _while
        # Rounds 1 and 2 index LANES-element slices 1 and 2: a bound the overflow checks can see.
        body = _seq(step, make(tirx.FloorMod(count, _i32(LANES))))
        loop = tirx.While(tirx.LT(count, _i32(2)), body)
        return _seq(tirx.AllocBuffer(n), tirx.BufferStore(n, _i32(0), [_i32(0)]), loop)

    return place


PLACES: dict[str, Callable[[Probe], Place]] = {
    "body": _body,
    **{kind: _loop_context(kind) for kind in ("serial", "unrolled", "parallel", "vectorized", "thread", "vthread")},
    "block": _block,
    "init": _init,
    "if": _if_context,
    "while": _while_context,
}
_BLOCK_CONTEXTS = ("block", "init")


def place(p: Probe, construct: str, context: str) -> tirx.Stmt:
    """`construct` inside `context`, over the buffers of `p`: the probe function's body, and what
    the `construct` mutator inserts into real functions (over fresh buffers there)."""
    body = PLACES[context](p)(lambda i: BUILDERS[construct](p, i))
    if construct in _NEEDS_LOOP and context not in _LOOPS and context != "body":
        body = _loop_context("serial")(p)(lambda i: body)
    return body


def build(construct: str, context: str) -> tirx.PrimFunc:
    """The probe function holding `construct` inside `context`."""
    s_tir = context in _BLOCK_CONTEXTS or needs_block_form(construct)
    p = Probe.new(s_tir=s_tir)
    body = place(p, construct, context)
    func = tirx.PrimFunc([p.a, p.b, p.c], body).with_attr("global_symbol", "main")
    return func.with_attr("s_tir", True) if s_tir else func


def compile_error(func: tirx.PrimFunc) -> str | None:
    """Why `func` does not compile on llvm (None when it does), judged in a forked child."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compile, report on the pipe, never return into the caller
        os.close(read)
        message = b""
        try:
            tvm.compile(func, target="llvm")
        except BaseException as error:  # any failure, including a C++ check, is "not accepted"
            message = (first_line(error) or type(error).__name__).encode()[:300]
        os.write(write, message)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        message = pipe.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        return f"compile: the compiler died ({status})"
    return f"compile: {message}" if message else None


def rejection(construct: str, context: str, judge: Judge) -> str | None:
    """Why the pair is not accepted, or None when it is (the module docstring has the steps)."""
    try:
        func = build(construct, context)
    except Exception as error:  # noqa: BLE001 - a constructor's check: the pair cannot be built
        return f"construct: {first_line(error)}"
    if (construct, context) not in census(func):
        return "the probe does not hold the pair"
    try:
        check_well_formed(func)
    except Exception as error:  # noqa: BLE001 - any verifier failure means "not well-formed"
        return f"ill-formed: {first_line(error)}"
    reason = judge(func)
    return reason if reason is not None else compile_error(func)


def measure(judge: Judge) -> dict[tuple[str, str], str | None]:
    """Every construct in every context: the rejection reason of each pair (None: accepted)."""
    return {(c, ctx): rejection(c, ctx, judge) for c in CONSTRUCTS for ctx in CONTEXTS}


def write(results: dict[tuple[str, str], str | None], target: Path) -> None:
    """Cache the accepted pairs as data; the rejected ones, with their reasons, as comments."""
    accepted = sorted(pair for pair, reason in results.items() if reason is None)
    # One comment per construct and reason, naming the contexts it rejected.
    rejected: dict[tuple[str, str], list[str]] = {}
    for (construct, context), reason in results.items():
        if reason is not None:
            rejected.setdefault((construct, reason.splitlines()[0].strip()[:200]), []).append(context)
    lines = [
        '"""Generated by `python experiments/measure_constructs.py` (tirkit.construct_universe)',
        f"with TVM {tvm.__version__} on {time.strftime('%Y-%m-%d')}: the (construct, context) pairs whose probe",
        "function is well-formed, runs in the reference interpreter without undefined behaviour and",
        f'compiles on llvm: {len(accepted)} of {len(results)} pairs."""',
        "",
        "ACCEPTED: frozenset[tuple[str, str]] = frozenset(",
        "    [",
        *(f'        ("{construct}", "{context}"),' for construct, context in accepted),
        "    ]",
        ")",
        "",
        "# Rejected pairs, with why:",
    ]
    for (construct, reason), contexts in sorted(rejected.items()):
        text = f"{construct} in {', '.join(contexts)}: {reason}"
        lines += textwrap.wrap(text, 116, initial_indent="# ", subsequent_indent="#     ")
    target.write_text("\n".join(lines) + "\n")


def load_accepted() -> frozenset[tuple[str, str]]:
    """The cached universe (see the module docstring to refresh it)."""
    from tirkit.accepted_constructs import ACCEPTED

    return ACCEPTED

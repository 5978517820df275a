"""The idempotence and round-trip oracles report only what TVM promises, judged on real TVM."""

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.script import from_script, roundtrip_failure, roundtrips, to_script
from tzer.oracles.idempotence import Idempotence
from tzer.oracles.roundtrip import RoundTrip
from tzer.passes.registry import instantiate, pass_context, registry
from tzer.runtime.testrun import PipelineTracker, TestRun
from tzer.vocabulary import Status

BLOCKS = '''
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            A[vi] = A[vi] + T.float32(1)
'''


LOOP = '''
@T.prim_func
def main(A: T.Buffer((8,), "int8")):
    for i in range(8):
        A[i] = T.int8(1)
'''


def _test_run(func, passes):
    def report(_event):
        return None

    test = TestRun(func, passes, 0, report, PipelineTracker(report))
    mod = tvm.IRModule({"main": func})
    test.snapshots = [mod]
    for spec in passes:
        with pass_context(spec):
            mod = instantiate(spec)(mod)
        test.snapshots.append(mod)
    return test


def test_only_passes_with_cited_evidence_are_checked_for_idempotence():
    promised = {name: info.idempotent for name, info in registry().items() if info.idempotent}
    assert set(promised) == {"tirx.ConvertSSA", "tirx.FP8ComputeLegalize"}
    assert all(evidence.startswith("tests/python/tirx-transform/") for evidence in promised.values())


def test_a_pass_that_never_promised_idempotence_is_not_reported():
    # DecorateDeviceScope wraps the body in a device-scope attribute on every run: a second run
    # really does change the IR, and TVM never said it would not.
    spec = {"name": "s_tir.DecorateDeviceScope"}
    test = _test_run(from_script(BLOCKS), [spec])
    once = test.snapshots[1]
    assert not tvm_ffi.structural_equal(once, instantiate(spec)(once))
    assert Idempotence().after_passes(test) is None


def test_a_promised_pass_is_applied_twice_and_passes():
    test = _test_run(from_script(BLOCKS), [{"name": "s_tir.DecorateDeviceScope"}, {"name": "tirx.ConvertSSA"}])
    assert Idempotence().after_passes(test) is None
    # The check does run for it: a snapshot that is not ConvertSSA's fixpoint is reported.
    test.snapshots[2] = tvm.IRModule({"main": _duplicated_definition()})
    outcome = Idempotence().after_passes(test)
    assert outcome.status == Status.NON_IDEMPOTENT and outcome.pass_name == "tirx.ConvertSSA"


def _duplicated_definition():
    # The same loop variable bound by two loops: not SSA, so ConvertSSA renames one of them.
    a = tirx.decl_buffer((4,), "float32", name="A")
    i = tirx.Var("i", "int32")

    def loop():
        return tirx.For(i, 0, 4, tirx.ForKind.SERIAL, tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [i]))

    return tirx.PrimFunc([a], tirx.SeqStmt([loop(), loop()]))


def _judge_round_trip(test, index):
    """What the round-trip oracle says of the IR after pass `index`."""
    oracle = RoundTrip()
    oracle.before_passes(test)
    assert test.details["input_roundtrips"]
    return oracle.after_pass(test, index, test.passes[index]["name"], test.snapshots[index + 1])


def test_differences_that_are_only_the_parsers_folding_are_not_reported():
    a = tirx.decl_buffer((4,), "int32", name="A")
    x = tirx.Var("x", "int32")

    def i32(value):
        return tirx.IntImm("int32", value)

    # Printed as T.min(7, 2), T.truncmod(x, 1), T.isnan(T.float32(0.5)) and T.min(...) * 4 % 5:
    # the parser's T.* helpers fold them to 2, 0, False and 0 (the last one a cascade through
    # the sugared `*` and `%`, as LowerOpaqueBlock's clamped indices do).
    values = [tirx.Min(i32(7), i32(2)), tirx.Mod(x, i32(1)),
              tirx.Cast("int32", _unfolded_isnan(tirx.FloatImm("float32", 0.5))),
              tirx.FloorMod(tirx.Mul(tirx.Min(tirx.Max(i32(0), i32(-8)), i32(8)), i32(4)), i32(5))]
    body = tirx.SeqStmt([tirx.BufferStore(a, value, [i32(k)]) for k, value in enumerate(values)])
    folded = tirx.PrimFunc([a, x], body)
    for value in values:
        single = tirx.PrimFunc([a, x], tirx.BufferStore(a, value, [i32(0)]))
        assert not roundtrips(single)  # the exact comparison sees a difference
    assert roundtrip_failure(folded) is None
    test = _test_run(from_script(LOOP), [{"name": "tirx.RemoveAssume"}])
    test.snapshots[1] = tvm.IRModule({"main": folded})  # as if the pass had produced it
    assert _judge_round_trip(test, 0) is None


def _unfolded_isnan(value):
    # tirx.isnan folds a constant itself; build the call node as a pass could leave it.
    op = tirx.isnan(tirx.Var("f", "float32")).op
    return tvm.ir.Call(op, [value], ret_ty=tvm.ir.PrimType("bool"))


def test_the_parsers_implicit_root_block_is_not_reported():
    # DecorateDeviceScope puts an attribute around the root block; the parser wraps the printed
    # body in a new root block, as it does for any s_tir body (script.Complete).
    test = _test_run(from_script(BLOCKS), [{"name": "s_tir.DecorateDeviceScope"}])
    assert not roundtrips(test.snapshots[1]["main"])
    assert _judge_round_trip(test, 0) is None


def test_a_loop_type_the_parser_changes_is_reported():
    # A real printer/parser disagreement: NarrowDataType makes an int16 loop, printed as
    # `range(T.int16(8))`; the parser reads `range(n)` as T.serial(0, n) with a Python 0, so the
    # loop comes back int32 (T.serial(n) alone would keep int16).
    test = _test_run(from_script(LOOP), [{"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}])
    assert str(test.snapshots[1]["main"].body.loop_var.ty) == "int16"
    outcome = _judge_round_trip(test, 0)
    assert outcome.status == Status.ILL_FORMED and outcome.pass_name == "tirx.NarrowDataType"
    assert outcome.message == "TVMScript round trip changes loop_var.ty.dtype"


def test_text_that_does_not_parse_is_reported():
    # The printer renames a variable called "a b" but prints one called "lambda" as it is.
    a = tirx.decl_buffer((4,), "int32", name="A")
    keyword = tirx.Var("lambda", "int32")
    func = tirx.PrimFunc([a, keyword], tirx.BufferStore(a, keyword, [0]))
    test = _test_run(from_script(LOOP), [{"name": "tirx.RemoveAssume"}])
    test.snapshots[1] = tvm.IRModule({"main": func})  # as if the pass had produced it
    outcome = _judge_round_trip(test, 0)
    assert outcome.status == Status.ILL_FORMED
    assert outcome.message.startswith("TVMScript does not re-parse: invalid syntax")


def test_text_that_fails_only_in_the_parsers_folding_is_not_reported():
    # x % 0 (truncmod) prints, but the parser's T.truncmod refuses to fold a division by zero:
    # the function divides by zero, the printer and parser are not at fault.
    a = tirx.decl_buffer((4,), "int32", name="A")
    x = tirx.Var("x", "int32")
    func = tirx.PrimFunc([a, x], tirx.BufferStore(a, tirx.Mod(x, tirx.IntImm("int32", 0)), [0]))
    assert roundtrip_failure(func) is None


def test_the_round_trip_repro_judges_as_the_oracle_does(tmp_path):
    from tzer.triage.finding import Case
    from tzer.triage.repro import repro_script, run_repro

    meta = {"kind": "ill_formed", "oracle": "roundtrip", "pass": "tirx.NarrowDataType",
            "message": "TVMScript round trip changes loop_var.ty.dtype"}
    narrow = Case(LOOP, [{"name": "tirx.NarrowDataType", "args": {"target_bits": 16}}])
    # DecorateDeviceScope's output differs after a round trip only by the implicit root block.
    decorate = Case(BLOCKS, [{"name": "s_tir.DecorateDeviceScope"}])
    for name, case, failure in (("narrow", narrow, "AssertionError: TVMScript round trip changes the function"),
                                ("decorate", decorate, None)):
        path = tmp_path / f"{name}.py"
        path.write_text(repro_script(case, meta, tvm.__version__))
        status, output = run_repro(path, timeout=120)
        assert status == (1 if failure else 0), output
        assert failure is None or failure in output, output


SIBLING_LAUNCHES = '''# from tvm.script import tirx as T

@T.prim_func
def main():
    P = T.alloc_buffer((1, 1))
    for i0 in range(3):
        for i1 in T.thread_binding(1, thread="vthread"):
            P[i0, i1] = T.if_then_else(1 <= i0, T.float32(0.0), T.float32(0.0))
'''


def test_sibling_launches_of_one_thread_variable_are_no_round_trip_failure():
    # HoistExpression copies the vthread loop into both branches of the hoisted condition.
    mod = tvm.s_tir.transform.HoistExpression()(tvm.IRModule({"main": from_script(SIBLING_LAUNCHES)}))
    func = mod["main"]
    assert to_script(func).count('thread="vthread"') == 2
    assert not tvm_ffi.structural_equal(func, from_script(to_script(func)))  # identity differs
    assert roundtrip_failure(func) is None


REGION = '''
@T.prim_func(s_tir=True)
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64,), "float32"), x: T.int32, y: T.int32):
    with T.sblock("root"):
        for i in range(2):
            with T.sblock("b"):
                vi = T.axis.spatial(2, i)
                T.reads(A[vi, 0:1])
                T.writes(B[vi])
                B[vi] = A[vi, 0]
'''


def _with_read_extent(func, extent):
    def widen(block):
        if block.name_hint != "b":
            return block
        region = block.reads[0]
        wider = tvm.ir.TensorRegion(region.source, [region.region[0], tvm.ir.Range.from_min_extent(
            tirx.IntImm("int32", 3), extent)], region.ty)
        return tvm.s_tir.SBlock(block.iter_vars, [wider], block.writes, block.name_hint, block.body, block.init,
                                block.alloc_buffers, block.match_buffers, block.annotations)

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.s_tir.SBlock, widen)))


def test_the_parsers_simplification_of_slice_extents_is_no_round_trip_failure():
    func = from_script(REGION)
    x, y = func.params[2], func.params[3]
    two = tirx.IntImm("int32", 2)
    # `(64 * x + y) // 2` prints as a slice and parses back as `x * 32 + y // 2`: the same region.
    unsimplified = _with_read_extent(func, tirx.FloorDiv(tirx.Add(tirx.Mul(tirx.IntImm("int32", 64), x), y), two))
    assert not tvm_ffi.structural_equal(unsimplified, from_script(to_script(unsimplified)))
    assert roundtrip_failure(unsimplified) is None


def test_the_parsers_folding_of_constant_comparisons_is_no_round_trip_failure():
    func = from_script("""
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = T.Select(i > 1, 1, 0)
""")
    # UnrollLoop left `T.max(0, -32768) >= 0`; the parser folds the max, then the comparison.
    unfolded = tirx.GE(tirx.Max(tirx.const(0, "int32"), tirx.const(-32768, "int32")), tirx.const(0, "int32"))
    planted = func.with_body(tvm_ffi.structural_map(func.body, (tirx.GT, lambda _node: unfolded)))
    assert roundtrip_failure(planted) is None


LONE_BREAK = '''# from tvm.script import tirx as T

@T.prim_func
def main():
    for i in range(1):
        T.break_loop()
'''


def test_the_well_formedness_repro_checks_what_the_oracle_checks(tmp_path):
    # UnrollLoop unrolls the loop and leaves break_loop outside any loop. TVM's verifiers let that
    # pass; the oracle's own check does not, and the repro.py must fail with it, not exit 0.
    from tzer.triage.finding import Case
    from tzer.triage.repro import repro_script, run_repro

    meta = {"kind": "ill_formed", "oracle": "well_formed", "pass": "tirx.UnrollLoop",
            "message": "not well-formed after the pass: break_loop or continue_loop outside any loop"}
    unroll = {"name": "tirx.UnrollLoop", "config": {"auto_max_step": 64, "explicit_unroll": True}}
    path = tmp_path / "repro.py"
    path.write_text(repro_script(Case(LONE_BREAK, [unroll]), meta, tvm.__version__))
    status, output = run_repro(path, timeout=120)
    assert status == 1 and "break_loop or continue_loop outside any loop" in output, output


def test_a_loop_extent_the_parser_simplifies_is_no_round_trip_failure():
    # `range(1 + y * 2)` comes back as `range(y * 2 + 1)`: the parser takes the simplified
    # `stop - start`, as for region slices (a false ill_formed finding of the last campaign).
    a = tirx.decl_buffer((8,), "float32", name="A")
    y, i = tirx.Var("y", "int32"), tirx.Var("i", "int32")
    extent = tirx.Add(tirx.IntImm("int32", 1), tirx.Mul(y, tirx.IntImm("int32", 2)))
    store = tirx.BufferStore(a, tirx.FloatImm("float32", 1.0), [tirx.FloorMod(i, tirx.IntImm("int32", 8))])
    loop = tirx.For(i, tirx.IntImm("int32", 0), extent, tirx.ForKind.SERIAL, store)
    assert roundtrip_failure(tirx.PrimFunc([a, y], loop)) is None


OFFSET_LOOP = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1,), "int32"), x: T.int32, z: T.int32, w: T.int32):
    for i in T.serial((7 + x) * x, (7 + x) * x + 1):
        A[0] = i
'''


def test_the_parsers_simplified_extent_is_no_round_trip_failure():
    """The parser takes an extent as the simplified `stop - start`; simplifying that once more can
    reorder it again (`w * a * b * -1` then `0 - w * a * b`): the comparison takes both to the fixed point."""
    from tirkit.script import parser_normal_form

    func = from_script(OFFSET_LOOP)
    x, z, w = (func.params[i] for i in (1, 2, 3))
    start = (7 + x) * x
    written = w * tirx.floormod(z, 5) * tirx.floormod(7 - w, 7)
    parsed = tvm.sym.Analyzer().simplify(start + written - start)

    def with_extent(extent):
        def rebuild(loop):
            return tirx.For(loop.loop_var, loop.min, extent, loop.kind, loop.body, loop.thread_binding,
                            loop.annotations, loop.step)
        return func.with_body(tvm_ffi.structural_map(func.body, [(tirx.For, rebuild)], order="post"))

    assert not tvm_ffi.structural_equal(with_extent(written), with_extent(parsed))
    assert tvm_ffi.structural_equal(parser_normal_form(with_extent(written)), parser_normal_form(with_extent(parsed)))

from tzer.signature import crash_frames, finding_signature, mask_message, native_frames, signature

TVM_SEGFAULT_LOG = """\
Fatal Python error: Segmentation fault
!!!!!!! Segfault encountered !!!!!!!
  File "./signal/../sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c", line 0, in 0x00007f0fcaff904f
  File "<unknown>", line 0, in tvm::tirx::Vectorizer::VisitExpr_(tvm::tirx::RampNode const*)
  File "/project/src/tirx/transform/vectorize_loop.cc", line 88, in tvm::tirx::VectorizeLoop(int)
  File "<unknown>", line 0, in tvm::ffi::Function::FromTyped<F>::{lambda(int)#1}::operator()(int) const
  File "<unknown>", line 0, in tvm::transform::Pass::operator()(tvm::IRModule) const
  File "Objects/call.c", line 214, in _PyObject_MakeTpCall
  File "Python/ceval.c", line 4769, in _PyEval_EvalFrameDefault
  File "<unknown>", line 0, in _start

"""


def test_mask_message_hides_numbers_names_addresses_and_paths():
    a = mask_message("Check failed: (lanes == 4) is false: buffer 'A_12' at 0x7ffd1234 in /src/a.cc:88")
    b = mask_message("Check failed: (lanes == 8) is false: buffer 'B_3' at 0x55aa in /src/a.cc:91\nIR dump")
    assert a == b
    assert "0x" not in a and "88" not in a and "IR dump" not in a


def test_signature_ignores_pass_arguments_but_not_pass_names():
    base = signature("exception", "pass", "tirx.UnrollLoop(auto_max_step=4)", "Check failed: x < 3")
    assert base == signature("exception", "pass", "tirx.UnrollLoop(auto_max_step=16)", "Check failed: x < 9")
    assert base != signature("exception", "pass", "tirx.VectorizeLoop", "Check failed: x < 3")
    assert base != signature("exception", "compile", "tirx.UnrollLoop", "Check failed: x < 3")


def test_native_frames_come_from_tvm_crash_report_without_noise():
    frames = native_frames(TVM_SEGFAULT_LOG)
    assert frames[:3] == ["tvm::tirx::Vectorizer::VisitExpr_", "tvm::tirx::VectorizeLoop",
                          "tvm::ffi::Function::FromTyped<F>::{lambda(int)#1}::operator()"]
    assert not any("Py" in frame or "sigaction" in frame for frame in frames)


def test_python_frames_are_the_fallback_for_crashes():
    log = ('Fatal Python error: Segmentation fault\n\nThread 0x00007f01 (most recent call first):\n'
           '  File "/x/threading.py", line 320 in wait\n\n'
           'Current thread 0x00007f02 (most recent call first):\n'
           '  File "/v/tvm/ir/transform.py", line 171 in __call__\n'
           '  File "/w/tzer/execution/harness.py", line 120 in run\n')
    assert crash_frames(log) == ["transform.py:__call__", "harness.py:run"]


def test_crash_signature_adds_frames_and_other_kinds_ignore_the_log():
    crash = finding_signature("crash", "pass", "tirx.VectorizeLoop", "worker died: SIGSEGV", TVM_SEGFAULT_LOG)
    assert crash.endswith("tvm::tirx::Vectorizer::VisitExpr_;tvm::tirx::VectorizeLoop;"
                          "tvm::ffi::Function::FromTyped<F>::{lambda(int)#1}::operator()")
    other = finding_signature("crash", "pass", "tirx.VectorizeLoop", "worker died: SIGSEGV", "")
    assert crash != other
    assert finding_signature("exception", "pass", None, "boom", TVM_SEGFAULT_LOG) == signature(
        "exception", "pass", None, "boom")


def test_variable_names_and_ir_paths_are_masked():
    from tzer.signature import mask_message

    a = mask_message("ValueError: Invalid use of undefined variable n2912 at <root>.body.body.node.")
    b = mask_message("ValueError: Invalid use of undefined variable k1 at <root>.body.seq[3].node.")
    assert a == b == "ValueError: Invalid use of undefined variable <name> at <path>"
    assert mask_message("variables (v_i2, v_i3) are used") == mask_message("variables (x) are used")
    thread = mask_message("ValueError: Invalid use of undefined variable blockIdx.x at <root>.body.node.")
    assert thread == a


def test_a_compile_crash_keeps_its_top_native_frames():
    crash = finding_signature("crash", "compile", None, "worker died: SIGSEGV", TVM_SEGFAULT_LOG)
    assert crash.startswith("crash|compile||worker died: SIGSEGV|tvm::tirx::Vectorizer::VisitExpr_;")


def test_a_pipeline_pass_failing_alike_on_two_targets_is_one_bug():
    message = "Check failed: (device_id_) is false: Unknown device id in current IR"
    on_avx512 = signature("exception", "compile", "pipeline:tirx.LowerTVMBuiltin [llvm-avx512]", message)
    on_wasm = signature("exception", "compile", "pipeline:tirx.LowerTVMBuiltin [llvm-wasm32]", message)
    assert on_avx512 == on_wasm == signature("exception", "compile", "pipeline:tirx.LowerTVMBuiltin", message)
    # Intrinsic lowering and code generation are the target's own: there the target tells bugs apart.
    popcount = "Unresolved call tirx.popcount"
    assert signature("exception", "compile", "pipeline:tirx.LowerIntrin [cuda]", popcount) != signature(
        "exception", "compile", "pipeline:tirx.LowerIntrin [webgpu]", popcount)
    assert signature("exception", "compile", "codegen [metal] (after X)", "m") != signature(
        "exception", "compile", "codegen [webgpu] (after X)", "m")


def test_llvm_targets_share_intrinsic_rules_and_a_pipeline_pass_is_the_pass():
    message = "Check failed: (target->isPointerTy()) is false: A zero reinterpret shortcut requires pointer"
    on_arm = signature("exception", "compile", "pipeline:tirx.LowerIntrin [llvm-armv7a]", message)
    on_avx = signature("exception", "compile", "pipeline:tirx.LowerIntrin [llvm-avx512]", message)
    assert on_arm == on_avx == "exception|pass|tirx.LowerIntrin [llvm]|" + message
    assert on_arm != signature("exception", "compile", "pipeline:tirx.LowerIntrin [opencl]", message)
    shift = "Check failed: (pb->value >= 0) is false: Shift amount must be non-negative"
    assert signature("exception", "compile", "pipeline:tirx.NarrowDataType [cuda]", shift) == signature(
        "exception", "pass", "tirx.NarrowDataType(target_bits=16)", shift)


def test_each_operator_a_code_generator_cannot_lower_is_its_own_bug():
    exp = signature("exception", "compile", "pipeline:tirx.LowerIntrin [c]", "Unresolved call tirx.exp")
    assert exp == signature("exception", "compile", "pipeline:tirx.LowerIntrin [c]",
                            'Unresolved call ir.Op(0x55, name="tirx.exp", num_inputs=1)')
    assert exp.endswith("|Unresolved call Op(tirx.exp)")
    tanh = signature("exception", "compile", "pipeline:tirx.LowerIntrin [c]",
                     'Unresolved call ir.Op(0x55, name="tirx.tanh")')
    assert exp != tanh
    assert exp != signature("exception", "compile", "pipeline:tirx.LowerIntrin [cuda]", "Unresolved call tirx.exp")
    clz, popcount = (signature("exception", "pass", "tirx.LowerIntrin [nvptx]",
                               f'unknown intrinsic ir.Op(span=None, ty=ir.Type(span=None), name="{op}", '
                               'description="", num_inputs=1, support_level=10)')
                     for op in ("prim.clz", "tirx.popcount"))
    assert clz.endswith("|unknown intrinsic Op(prim.clz)") and clz != popcount
    assert mask_message("Operator 'tirx.exp10' has no rule") == "Operator Op(tirx.exp10) has no rule"
    c_types = [signature("exception", "compile", "system C compiler [c]",
                         f"generated C does not compile: ‘{name}’ was not declared in this scope")
               for name in ("int32_t5", "int64_t7")]
    assert c_types[0] == c_types[1]


def test_a_check_in_shared_ir_code_does_not_depend_on_the_pass_that_reached_it():
    message = "Check failed: (value >= 0) is false: cannot make uint from negative value -4"
    assert signature("exception", "pass", "tirx.RemoveNoOp", message) == signature(
        "exception", "compile", "pipeline:s_tir.StmtSimplify [opencl]", message)
    conflict_a = "Check failed: (allow_override) is false: Binding of variable v as I.Range(0, 4) conflicts with x"
    conflict_b = ("Check failed: (allow_override) is false: Binding of variable w as ir.Range(0x5a) conflicts "
                  "with previous binding as ir.Range(0x77)")
    assert signature("exception", "pass", "tirx.LowerIntrin", conflict_a) == signature(
        "exception", "compile", "pipeline:s_tir.RenormalizeSplitPattern", conflict_b)


def test_a_miscompile_signature_leaves_out_the_values_it_got():
    first = ("against the reference interpreter: buffer A at 3 of 32 elements; first at (0, 1): "
             "expected np.int32(4), got np.int32(0)")
    second = ("against the reference interpreter: buffer B at 5 of 32 elements; first at (1, 3, 0): "
              "expected np.float32(0.5), got np.float32(2.0)")
    assert signature("inconsistency", "compare", "default pipeline or codegen", first) == signature(
        "inconsistency", "compare", "default pipeline or codegen", second)


def test_a_pass_whose_output_does_not_re_parse_is_one_bug_whichever_parser_check_trips():
    mismatch = "TVMScript does not re-parse: error: Check failed: (a_ty->dtype == b_ty->dtype) is false: mismatched"
    shape = "TVMScript does not re-parse: error: shape must be a list of integers or Exprs with dtype int32"
    assert signature("ill_formed", "pass", "tirx.NarrowDataType(target_bits=16)", mismatch) == signature(
        "ill_formed", "pass", "tirx.NarrowDataType(target_bits=16)", shape)
    assert signature("ill_formed", "pass", "tirx.NarrowDataType", shape) != signature(
        "ill_formed", "pass", "tirx.FlattenBuffer", shape)
    assert mask_message("TVMScript round trip changes <root>.body.body") == mask_message(
        "TVMScript round trip changes block.body.body")


def test_intrinsic_lowering_on_the_host_is_the_llvm_kind_whether_the_pipeline_or_the_sequence_ran_it():
    message = "Check failed: (target->isPointerTy()) is false: A zero reinterpret shortcut requires T.float16"
    host_pipeline = signature("exception", "compile", "pipeline:tirx.LowerIntrin", message, target="llvm")
    sequence_on_arm = signature("exception", "pass", "tirx.LowerIntrin", message, target="llvm-armv7a")
    assert host_pipeline == sequence_on_arm == signature(
        "exception", "pass", "tirx.LowerIntrin", message.replace("float16", "float64"), target="llvm")
    assert sequence_on_arm.split("|")[2] == "tirx.LowerIntrin [llvm]"
    assert signature("exception", "pass", "tirx.LowerIntrin", message, target="cuda") != sequence_on_arm


def test_the_constant_folders_unsigned_subtraction_check_is_one_bug_whichever_pass_reached_it():
    message = ("Check failed: (!((pa && pa->ty.as_or_throw<PrimType>().MatchesCode(DLDataTypeCode::kDLUInt) && "
               "pa->value == 0U) && (pb && pb->ty.as_or_throw<PrimType>().MatchesCode(DLDataTypeCode::kDLUInt) && "
               "pb->value > 0U))) is false: Checked failed. Minuend 's value is 0U and it's dtype is uint")
    assert signature("exception", "pass", "tirx.UnrollLoop", message) == signature(
        "exception", "compile", "pipeline:tirx.StmtSimplify [llvm-wasm32]", message)


def test_a_lost_schedule_statement_is_one_bug_whichever_primitive_finds_it():
    message = "Check failed: (it != self_->stmt2ref.end()) is false: "
    assert signature("exception", "pass", "schedule.cache_read(block=1, buffer=1, scope='global')", message) == \
        signature("exception", "pass", "schedule.unroll(block=3, loop=2)", message)


def test_crashes_that_fault_in_one_frame_under_different_expressions_are_one_site():
    from tzer.signature import crash_site

    # c30e's crash-24c07065, 592c2883 and 8c73d9df: Vectorizer's Ramp visitor, reached from a
    # Shuffle, a Sub and a Min. A maintainer fixes one null check for all three.
    faulting = ("crash|pass|tirx.VectorizeLoop|worker died: SIGSEGV|"
                "tvm::ObjectMutator::DispatchNode<tvm::ExprMutator, tvm::prim::RampNode>;tvm::ObjectMutator::Mutate;")
    parents = ("ShuffleNode", "SubNode", "MinNode")
    sites = {crash_site(f"{faulting}tvm::ObjectMutator::DispatchNode<tvm::ExprMutator, tvm::prim::{p}>")
             for p in parents}
    assert sites == {faulting.rstrip(";")}
    assert crash_site("exception|pass|tirx.X|a;b;c") == "exception|pass|tirx.X|a;b;c"
    assert crash_site("crash|compile||worker died: SIGSEGV") == "crash|compile||worker died: SIGSEGV"


def test_a_message_that_prints_the_offending_node_is_masked_to_the_check():
    check = "Check failed: seq.size() != 1 (1 vs. 1) : A SeqStmt of length 1 is prohibited. Use the node "
    assert mask_message(check + "for ax0 in range(4):") == mask_message(check + 'with T.sblock("B"):')

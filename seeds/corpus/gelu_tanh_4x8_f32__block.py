# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), T_multiply: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_multiply_1 = T.sblock_alloc_buffer((4, 8))
    T_multiply_2 = T.sblock_alloc_buffer((4, 8))
    T_multiply_3 = T.sblock_alloc_buffer((4, 8))
    T_multiply_4 = T.sblock_alloc_buffer((4, 8))
    T_add = T.sblock_alloc_buffer((4, 8))
    T_multiply_5 = T.sblock_alloc_buffer((4, 8))
    compute = T.sblock_alloc_buffer((4, 8))
    T_add_1 = T.sblock_alloc_buffer((4, 8))
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_multiply_1[v_ax0, v_ax1])
            T_multiply_1[v_ax0, v_ax1] = A[v_ax0, v_ax1] * T.float32(0.5)
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_multiply_2[v_ax0, v_ax1])
            T_multiply_2[v_ax0, v_ax1] = A[v_ax0, v_ax1] * A[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_multiply_2[v_ax0, v_ax1], A[v_ax0, v_ax1])
            T.writes(T_multiply_3[v_ax0, v_ax1])
            T_multiply_3[v_ax0, v_ax1] = T_multiply_2[v_ax0, v_ax1] * A[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply_3"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_multiply_3[v_ax0, v_ax1])
            T.writes(T_multiply_4[v_ax0, v_ax1])
            T_multiply_4[v_ax0, v_ax1] = T_multiply_3[v_ax0, v_ax1] * T.float32(0.044714999999999998)
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1], T_multiply_4[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = A[v_ax0, v_ax1] + T_multiply_4[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply_4"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1])
            T.writes(T_multiply_5[v_ax0, v_ax1])
            T_multiply_5[v_ax0, v_ax1] = T_add[v_ax0, v_ax1] * T.float32(0.79788456080000003)
    for i0, i1 in T.grid(4, 8):
        with T.sblock("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_multiply_5[v_i0, v_i1])
            T.writes(compute[v_i0, v_i1])
            compute[v_i0, v_i1] = T.tanh(T_multiply_5[v_i0, v_i1])
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_add_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(compute[v_ax0, v_ax1])
            T.writes(T_add_1[v_ax0, v_ax1])
            T_add_1[v_ax0, v_ax1] = compute[v_ax0, v_ax1] + T.float32(1.0)
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply_5"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_multiply_1[v_ax0, v_ax1], T_add_1[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = T_multiply_1[v_ax0, v_ax1] * T_add_1[v_ax0, v_ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), T_divide: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_multiply = T.sblock_alloc_buffer((4, 8))
    T_multiply_red = T.sblock_alloc_buffer((4, 1))
    compute = T.sblock_alloc_buffer((4, 1))
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = A[v_ax0, v_ax1] * A[v_ax0, v_ax1]
    for ax0, ax1, k1 in T.grid(4, 1, 8):
        with T.sblock("T_multiply_red"):
            v_ax0, v_ax1, v_k1 = T.axis.remap("SSR", [ax0, ax1, k1])
            T.reads(T_multiply[v_ax0, v_k1])
            T.writes(T_multiply_red[v_ax0, v_ax1])
            with T.init():
                T_multiply_red[v_ax0, v_ax1] = T.float32(0.0)
            T_multiply_red[v_ax0, v_ax1] = T_multiply_red[v_ax0, v_ax1] + T_multiply[v_ax0, v_k1]
    for i0, i1 in T.grid(4, 1):
        with T.sblock("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_multiply_red[v_i0, v_i1])
            T.writes(compute[v_i0, v_i1])
            compute[v_i0, v_i1] = T.sqrt(T_multiply_red[v_i0, v_i1])
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1], compute[v_ax0, 0])
            T.writes(T_divide[v_ax0, v_ax1])
            T_divide[v_ax0, v_ax1] = A[v_ax0, v_ax1] / compute[v_ax0, 0]

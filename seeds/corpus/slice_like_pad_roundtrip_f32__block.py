# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), T_strided_slice: T.Buffer((4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    PadInput = T.sblock_alloc_buffer((6, 6))
    for i0, i1 in T.grid(6, 6):
        with T.sblock("PadInput"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0 - 1, v_i1 - 1])
            T.writes(PadInput[v_i0, v_i1])
            PadInput[v_i0, v_i1] = T.if_then_else(1 <= v_i0 and v_i0 < 5 and 1 <= v_i1 and v_i1 < 5, A[v_i0 - 1, v_i1 - 1], T.float32(0.0))
    for ax0, ax1 in T.grid(4, 4):
        with T.sblock("T_strided_slice"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(PadInput[v_ax0 + 1, v_ax1 + 1])
            T.writes(T_strided_slice[v_ax0, v_ax1])
            T_strided_slice[v_ax0, v_ax1] = PadInput[v_ax0 + 1, v_ax1 + 1]

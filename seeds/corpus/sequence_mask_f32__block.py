# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 2, 3), "float32"), len: T.Buffer((2,), "int32"), T_sequence_mask: T.Buffer((5, 2, 3), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(5, 2, 3):
        with T.sblock("T_sequence_mask"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(len[v_ax1], A[v_ax0, v_ax1, v_ax2])
            T.writes(T_sequence_mask[v_ax0, v_ax1, v_ax2])
            T_sequence_mask[v_ax0, v_ax1, v_ax2] = T.if_then_else(len[v_ax1] <= v_ax0, T.float32(-1.0), A[v_ax0, v_ax1, v_ax2])

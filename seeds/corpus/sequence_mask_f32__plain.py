# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((5, 2, 3), "float32", layout=None), len: T.Buffer((2,), "int32", layout=None), T_sequence_mask: T.Buffer((5, 2, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(5, 2, 3):
        T_sequence_mask[ax0, ax1, ax2] = T.if_then_else(len[ax1] <= ax0, T.float32(-1.0), A[ax0, ax1, ax2])

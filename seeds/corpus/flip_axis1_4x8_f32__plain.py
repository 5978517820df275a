# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), T_reverse_sequence: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 8):
        T_reverse_sequence[ax0, ax1] = A[ax0, 7 - ax1]

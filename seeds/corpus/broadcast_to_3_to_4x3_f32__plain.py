# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3,), "float32", layout=None), T_broadcast_to: T.Buffer((4, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 3):
        T_broadcast_to[ax0, ax1] = A[ax1]

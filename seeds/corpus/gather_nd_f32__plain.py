# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 5, 2), "float32", layout=None), idx: T.Buffer((2, 3), "int32", layout=None), T_gather_nd: T.Buffer((3, 2), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(3, 2):
        T_gather_nd[ax0, ax1] = A[idx[0, ax0], idx[1, ax0], ax1]

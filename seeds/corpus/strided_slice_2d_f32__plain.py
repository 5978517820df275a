# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((8, 8), "float32", layout=None), T_strided_slice: T.Buffer((3, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(3, 3):
        T_strided_slice[ax0, ax1] = A[ax0 * 2 + 1, ax1 * 3]

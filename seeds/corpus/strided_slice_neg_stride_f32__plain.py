# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((8,), "float32", layout=None), T_strided_slice: T.Buffer((3,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(3):
        T_strided_slice[ax0] = A[6 - ax0 * 2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "int64", layout=None), B: T.Buffer((16,), "int64", layout=None), T_left_shift: T.Buffer((16,), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(16):
        T_left_shift[ax0] = A[ax0] << B[ax0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int8", layout=None), T_reshape: T.Buffer((24,), "int8", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(24):
        T_reshape[ax0] = A[ax0 % 24 // 12, ax0 % 12 // 4, ax0 % 4]

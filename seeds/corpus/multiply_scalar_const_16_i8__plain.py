# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "int8", layout=None), T_multiply: T.Buffer((16,), "int8", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(16):
        T_multiply[ax0] = A[ax0] * T.int8(3)

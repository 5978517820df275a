# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3), "int32", layout=None), T_repeat: T.Buffer((2, 6), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 6):
        T_repeat[ax0, ax1] = A[ax0, ax1 // 2]

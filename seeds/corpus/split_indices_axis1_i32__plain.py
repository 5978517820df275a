# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 8), "int32", layout=None), T_split: T.Buffer((2, 1), "int32", layout=None), T_split_1: T.Buffer((2, 4), "int32", layout=None), T_split_2: T.Buffer((2, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(2):
        T_split[ax0, 0] = A[ax0, 0]
    for ax0, ax1 in T.grid(2, 4):
        T_split_1[ax0, ax1] = A[ax0, ax1 + 1]
    for ax0, ax1 in T.grid(2, 3):
        T_split_2[ax0, ax1] = A[ax0, ax1 + 5]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((6, 4), "float32", layout=None), T_split_sections: T.Buffer((2, 4), "float32", layout=None), T_split_sections_1: T.Buffer((2, 4), "float32", layout=None), T_split_sections_2: T.Buffer((2, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 4):
        T_split_sections[ax0, ax1] = A[ax0, ax1]
    for ax0, ax1 in T.grid(2, 4):
        T_split_sections_1[ax0, ax1] = A[ax0 + 2, ax1]
    for ax0, ax1 in T.grid(2, 4):
        T_split_sections_2[ax0, ax1] = A[ax0 + 4, ax1]

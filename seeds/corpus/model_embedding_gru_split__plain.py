# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add: T.Buffer((T.int64(2), T.int64(18)), "float32", layout=None), T_split_sections: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), T_split_sections_1: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), T_split_sections_2: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_split_sections[ax0, ax1] = add[ax0, ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_split_sections_1[ax0, ax1] = add[ax0, ax1 + T.int64(6)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_split_sections_2[ax0, ax1] = add[ax0, ax1 + T.int64(12)]

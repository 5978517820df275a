# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(3), T.int64(2), T.int64(8)), "float32", layout=None), T_split_sections: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32", layout=None), T_split_sections_1: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32", layout=None), T_split_sections_2: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax3, ax4 in T.grid(T.int64(4), T.int64(2), T.int64(8)):
        T_split_sections[T.int64(0), ax1, T.int64(0), ax3, ax4] = reshape[T.int64(0), ax1, T.int64(0), ax3, ax4]
    for ax1, ax3, ax4 in T.grid(T.int64(4), T.int64(2), T.int64(8)):
        T_split_sections_1[T.int64(0), ax1, T.int64(0), ax3, ax4] = reshape[T.int64(0), ax1, T.Add(T.int64(0), T.int64(1)), ax3, ax4]
    for ax1, ax3, ax4 in T.grid(T.int64(4), T.int64(2), T.int64(8)):
        T_split_sections_2[T.int64(0), ax1, T.int64(0), ax3, ax4] = reshape[T.int64(0), ax1, T.Add(T.int64(0), T.int64(2)), ax3, ax4]

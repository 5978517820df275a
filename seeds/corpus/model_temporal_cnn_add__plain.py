# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(lv: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32", layout=None), lv1: T.Buffer((T.int64(1), T.int64(8), T.int64(1)), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(8), T.int64(12)):
        T_add[T.int64(0), ax1, ax2] = lv[T.int64(0), ax1, ax2] + lv1[T.int64(0), ax1, T.int64(0)]

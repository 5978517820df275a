# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul2: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(8)), "float32", layout=None), T_transpose: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3 in T.grid(T.int64(4), T.int64(2), T.int64(8)):
        T_transpose[T.int64(0), ax1, ax2, ax3] = matmul2[T.int64(0), ax2, ax1, ax3]

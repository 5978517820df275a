# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(silu: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None), matmul1: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None), T_multiply: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(3), T.int64(16)):
        T_multiply[T.int64(0), ax1, ax2] = silu[T.int64(0), ax1, ax2] * matmul1[T.int64(0), ax1, ax2]

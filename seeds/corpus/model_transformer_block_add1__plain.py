# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul3: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32", layout=None), proj_bias: T.Buffer((T.int64(16),), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(4), T.int64(16)):
        T_add[T.int64(0), ax1, ax2] = matmul3[T.int64(0), ax1, ax2] + proj_bias[ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul: T.Buffer((T.int64(1), T.int64(4), T.int64(48)), "float32", layout=None), qkv_bias: T.Buffer((T.int64(48),), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(48)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(4), T.int64(48)):
        T_add[T.int64(0), ax1, ax2] = matmul[T.int64(0), ax1, ax2] + qkv_bias[ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(rms_norm: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32", layout=None), norm_bias: T.Buffer((T.int64(8),), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(3), T.int64(8)):
        T_add[T.int64(0), ax1, ax2] = rms_norm[T.int64(0), ax1, ax2] + norm_bias[ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(permute_dims5: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(8)), "float32", layout=None), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(4), T.int64(16)):
        T_reshape[T.int64(0), ax1, ax2] = permute_dims5[T.int64(0), (ax2 // T.int64(16) + ax1) % T.int64(4), ax2 % T.int64(16) // T.int64(8), ax2 % T.int64(8)]

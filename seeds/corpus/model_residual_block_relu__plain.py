# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(group_norm: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32", layout=None), compute: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(T.int64(4), T.int64(6), T.int64(6)):
        compute[T.int64(0), i1, i2, i3] = T.max(group_norm[T.int64(0), i1, i2, i3], T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(batch_norm: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32", layout=None), compute: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(T.int64(8), T.int64(8), T.int64(8)):
        compute[T.int64(0), i1, i2, i3] = T.max(batch_norm[T.int64(0), i1, i2, i3], T.float32(0.0))

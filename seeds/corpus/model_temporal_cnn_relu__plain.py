# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(conv1d: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32", layout=None), compute: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2 in T.grid(T.int64(8), T.int64(12)):
        compute[T.int64(0), i1, i2] = T.max(conv1d[T.int64(0), i1, i2], T.float32(0.0))

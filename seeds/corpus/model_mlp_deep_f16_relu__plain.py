# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None), compute: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(T.int64(2), T.int64(12)):
        compute[i0, i1] = T.max(add[i0, i1], T.float16(0.0))

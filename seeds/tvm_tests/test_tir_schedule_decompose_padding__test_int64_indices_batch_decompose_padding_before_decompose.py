# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before_decompose(x: T.Buffer((T.int64(1), T.int64(128), T.int64(128)), "int32"), y: T.Buffer((T.int64(1), T.int64(140), T.int64(128)), "int32")):
    # with T.sblock("root"):
    for b, i, j in T.grid(T.int64(1), T.int64(140), T.int64(128)):
        with T.sblock("block"):
            vb, vi, vj = T.axis.remap("SSS", [b, i, j])
            T.reads(x[vb, vi, vj])
            T.writes(y[vb, vi, vj])
            y[vb, vi, vj] = T.if_then_else(vi < T.int64(128), x[vb, vi, vj], 0)

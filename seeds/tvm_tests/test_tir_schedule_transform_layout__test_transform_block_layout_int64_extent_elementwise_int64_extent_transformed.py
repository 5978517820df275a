# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_int64_extent_transformed(A: T.Buffer((T.int64(128), T.int64(128)), "float32"), B: T.Buffer((T.int64(128), T.int64(128)), "float32")):
    # with T.sblock("root"):
    for i in range(T.int64(16384)):
        with T.sblock("B"):
            vi = T.axis.spatial(T.int64(16384), i)
            T.reads(A[vi // T.int64(128), vi % T.int64(128)])
            T.writes(B[vi // T.int64(128), vi % T.int64(128)])
            B[vi // T.int64(128), vi % T.int64(128)] = A[vi // T.int64(128), vi % T.int64(128)] * T.float32(2.0)

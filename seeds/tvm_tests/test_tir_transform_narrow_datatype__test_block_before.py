# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(T.int64(16), T.int64(8)):
        with T.sblock(""):
            vi = T.axis.spatial(T.int64(128), i * T.int64(8) + j)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)

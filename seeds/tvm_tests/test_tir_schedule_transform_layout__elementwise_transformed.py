# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_transformed(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(16384):
        with T.sblock("B"):
            vi = T.axis.spatial(16384, i)
            T.reads(A[vi // 128, vi % 128])
            T.writes(B[vi // 128, vi % 128])
            B[vi // 128, vi % 128] = A[vi // 128, vi % 128] * T.float32(2.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def concatenate_multi_producer(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i in range(64):
        with T.sblock("A_0"):
            vi = T.axis.spatial(64, i)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.Cast("float32", vi + 1)
    for i in range(64):
        with T.sblock("A_1"):
            vi = T.axis.spatial(64, i + 64)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.Cast("float32", vi + 2)
    for i in range(128):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * T.float32(2.0)

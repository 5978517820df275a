# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def loop_carried_dependency(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32"), C: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * T.float32(2.0)
        with T.sblock("C"):
            vi = T.axis.spatial(128, i)
            T.reads(B[vi - 1])
            T.writes(C[vi])
            C[vi] = T.if_then_else(vi >= 1, B[vi - 1] + T.float32(1.0), T.float32(0.0))

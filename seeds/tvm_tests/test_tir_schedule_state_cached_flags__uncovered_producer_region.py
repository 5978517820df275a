# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def uncovered_producer_region(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i in range(120):
        with T.sblock("producer"):
            vi = T.axis.spatial(120, i)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.float32(1.0)
    for i in range(120):
        with T.sblock("consumer"):
            vi = T.axis.spatial((8, 128), i + 8)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]

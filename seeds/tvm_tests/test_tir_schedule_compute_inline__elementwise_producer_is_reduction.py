# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_producer_is_reduction(A: T.Buffer((128, 128), "float32"), D: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128,))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SR", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vj]
    for i in range(128):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i)
            T.reads(B[vi])
            T.writes(D[vi])
            D[vi] = B[vi] + T.float32(1.0)

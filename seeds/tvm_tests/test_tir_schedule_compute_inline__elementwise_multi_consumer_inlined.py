# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_multi_consumer_inlined(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32"), D: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] * T.float32(2.0) + T.float32(1.0)
    for i, j in T.grid(128, 128):
        with T.sblock("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj], C[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = A[vi, vj] * T.float32(2.0) + T.float32(2.0) + C[vi, vj]

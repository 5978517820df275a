# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def static_bound(A: T.Buffer((32, 1), "float32"), C: T.Buffer((32, 1), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((32, 1))
    for i, j in T.grid(32, 1):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(32, 32):
        with T.sblock("C"):
            vi = T.axis.spatial(32, i)
            vj = T.axis.spatial(1, j)
            T.where(j < 1)
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)

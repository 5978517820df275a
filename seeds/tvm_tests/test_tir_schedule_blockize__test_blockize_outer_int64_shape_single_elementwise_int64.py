# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def single_elementwise_int64(A: T.Buffer((T.int64(16), T.int64(128)), "float32"), B: T.Buffer((T.int64(16), T.int64(128)), "float32")):
    # with T.sblock("root"):
    for i0, j0, i1, j1 in T.grid(T.int64(1), T.int64(8), T.int64(16), T.int64(16)):
        with T.sblock("B"):
            vi = T.axis.spatial(T.int64(16), i0 * T.int64(16) + i1)
            vj = T.axis.spatial(T.int64(128), j0 * T.int64(16) + j1)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)

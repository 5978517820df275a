# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_split_predicate_parallelized(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        for j_0 in T.parallel(13):
            for j_1 in range(10):
                with T.sblock("B"):
                    vi = T.axis.spatial(128, i)
                    vj = T.axis.spatial(128, j_0 * 10 + j_1)
                    T.where(j_0 * 10 + j_1 < 128)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] * T.float32(2.0)

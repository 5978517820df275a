# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_merged2(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32"), D: T.Buffer((64, 64), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i_0_m, j_0_m in T.grid(8, 8):
        for i_1, j_1 in T.grid(16, 16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i_0_m * 16 + i_1)
                vj = T.axis.spatial(128, j_0_m * 16 + j_1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
        for i_1, j_1 in T.grid(8, 8):
            with T.sblock("D"):
                vi = T.axis.spatial(64, i_0_m * 8 + i_1)
                vj = T.axis.spatial(64, j_0_m * 8 + j_1)
                T.reads(B[vi, vj])
                T.writes(D[vi, vj])
                D[vi, vj] = B[vi, vj] + T.float32(2.0)

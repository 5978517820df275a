# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main_reverse_compute_at(A: T.Buffer((128, 128), "float32"), D: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    C = T.sblock_alloc_buffer((128, 128))
    for i_0, j_0, i_1 in T.grid(8, 8, 16):
        for j_1 in range(16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj = T.axis.spatial(128, j_0 * 16 + j_1)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for ax0 in range(16):
            with T.sblock("D"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj = T.axis.spatial(128, j_0 * 16 + ax0)
                T.reads(B[vi, vj])
                T.writes(D[vi, vj])
                D[vi, vj] = B[vi, vj] + T.float32(1.0)
        for ax0 in range(16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i_0 * 16 + i_1)
                vj = T.axis.spatial(128, j_0 * 16 + ax0)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 128), "float32"), D: T.Buffer((1, 2, 1), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i_0, j_0, i_1, j_1 in T.grid(T.int64(8), T.int64(8), T.int64(16), T.int64(16)):
        with T.sblock("B"):
            vi = T.axis.spatial(T.int64(128), i_0 * T.int64(16) + i_1)
            vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(1)):
        with T.sblock("D"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B[v0, v1])
            T.writes(D[v0, v1, v2])
            D[v0, v1, v2] = B[v0, v1] + T.float32(1.0)

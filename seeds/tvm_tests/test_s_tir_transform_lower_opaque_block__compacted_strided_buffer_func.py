# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def compacted_strided_buffer_func(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i0 in range(4):
        with T.sblock(""):
            T.reads(A[i0 * 4:i0 * 4 + 4, 0:16])
            T.writes(C[i0 * 4:i0 * 4 + 4, 0:16])
            B = T.sblock_alloc_buffer((4, 16), strides=(17, 1))
            for i1, j in T.grid(4, 16):
                with T.sblock(""):
                    T.reads(A[i0 * 4 + i1, j])
                    T.writes(B[i1, j])
                    B[i1, j] = A[i0 * 4 + i1, j] + T.float32(1.0)
            for i1, j in T.grid(4, 16):
                with T.sblock(""):
                    T.reads(B[i1, j])
                    T.writes(C[i0 * 4 + i1, j])
                    C[i0 * 4 + i1, j] = B[i1, j] * T.float32(2.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i0 in T.thread_binding(2, thread="blockIdx.x"):
        for i1 in T.thread_binding(2, thread="vthread"):
            for i2 in T.thread_binding(4, thread="threadIdx.x"):
                with T.sblock(""):
                    T.reads(A[i0 * 8 + i1 * 4 + i2, 0:16])
                    T.writes(C[i0 * 8 + i1 * 4 + i2, 0:16])
                    B = T.sblock_alloc_buffer((16, 16), scope="shared")
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(A[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(B[i0 * 8 + i1 * 4 + i2, j])
                            B[i0 * 8 + i1 * 4 + i2, j] = A[i0 * 8 + i1 * 4 + i2, j] + T.float32(1.0)
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(B[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(C[i0 * 8 + i1 * 4 + i2, j])
                            C[i0 * 8 + i1 * 4 + i2, j] = B[i0 * 8 + i1 * 4 + i2, j] * T.float32(2.0)

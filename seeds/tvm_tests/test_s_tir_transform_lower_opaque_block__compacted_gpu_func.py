# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def compacted_gpu_func(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i0 in T.thread_binding(4, thread="blockIdx.x"):
        for i1 in T.thread_binding(2, thread="threadIdx.x"):
            for i2 in T.thread_binding(2, thread="vthread"):
                with T.sblock(""):
                    T.reads(A[i0 * 4 + i1 * 2 + i2, 0:16])
                    T.writes(C[i0 * 4 + i1 * 2 + i2, 0:16])
                    B = T.sblock_alloc_buffer((1, 16), scope="local")
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(A[i0 * 4 + i1 * 2 + i2, j])
                            T.writes(B[0, j])
                            B[0, j] = A[i0 * 4 + i1 * 2 + i2, j] + T.float32(1.0)
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(B[0, j])
                            T.writes(C[i0 * 4 + i1 * 2 + i2, j])
                            C[i0 * 4 + i1 * 2 + i2, j] = B[0, j] * T.float32(2.0)

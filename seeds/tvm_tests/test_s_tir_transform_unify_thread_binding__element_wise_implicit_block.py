# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_implicit_block(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in T.thread_binding(128, thread="threadIdx.y"):
        for j0_0 in T.thread_binding(4, thread="threadIdx.x"):
            for j0_1 in range(32):
                with T.sblock(""):
                    T.reads(A[i, j0_0 * 32 + j0_1])
                    T.writes(B[i, j0_0 * 32 + j0_1])
                    B[i, j0_0 * 32 + j0_1] = A[i, j0_0 * 32 + j0_1] * T.float32(2.0)
        for j1_0 in T.thread_binding(4, thread="threadIdx.x"):
            for j1_1 in range(32):
                with T.sblock(""):
                    T.reads(B[i, j1_0 * 32 + j1_1])
                    T.writes(C[i, j1_0 * 32 + j1_1])
                    C[i, j1_0 * 32 + j1_1] = B[i, j1_0 * 32 + j1_1] + T.float32(1.0)

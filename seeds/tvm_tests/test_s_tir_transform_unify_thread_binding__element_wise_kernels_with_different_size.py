# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_kernels_with_different_size(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((256, 256), "float32"), D: T.Buffer((256, 256), "float32")):
    for i0 in T.thread_binding(128, thread="blockIdx.x"):
        for j0 in T.thread_binding(128, thread="threadIdx.x"):
            B[i0, j0] = A[i0, j0] * T.float32(2.0)
    for i1 in T.thread_binding(256, thread="blockIdx.x"):
        for j1 in T.thread_binding(256, thread="threadIdx.x"):
            D[i1, j1] = C[i1, j1] + T.float32(1.0)

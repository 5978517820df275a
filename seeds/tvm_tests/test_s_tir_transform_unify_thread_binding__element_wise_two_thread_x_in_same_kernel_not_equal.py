# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_two_thread_x_in_same_kernel_not_equal(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 64), "float32")):
    for i in T.thread_binding(128, thread="blockIdx.x"):
        for j0 in T.thread_binding(128, thread="threadIdx.x"):
            B[i, j0] = A[i, j0] * T.float32(2.0)
        for j1 in T.thread_binding(64, thread="threadIdx.x"):
            C[i, j1] = A[i, j1] + T.float32(1.0)

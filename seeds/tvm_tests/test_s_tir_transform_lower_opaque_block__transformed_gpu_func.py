# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_gpu_func(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    i0 = T.launch_thread("blockIdx.x", 4)
    i1 = T.launch_thread("threadIdx.x", 2)
    i2 = T.launch_thread("vthread", 2)
    B = T.alloc_local((1, 16), annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for j in range(16):
        B[0, j] = A[i0 * 4 + i1 * 2 + i2, j] + T.float32(1.0)
    for j in range(16):
        C[i0 * 4 + i1 * 2 + i2, j] = B[0, j] * T.float32(2.0)

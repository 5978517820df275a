# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def kernel_1(A: T.Buffer((256,), "float32")):
    threadIdx_x = T.launch_thread("threadIdx.x", 256)
    A[threadIdx_x] = A[threadIdx_x] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256,), "float32")):
    threadIdx_x = T.env_thread("threadIdx.x")
    with T.launch_thread(threadIdx_x, 256):
        A[threadIdx_x] = A[threadIdx_x] + T.float32(1.0)
    with T.launch_thread(threadIdx_x, 256):
        A[threadIdx_x] = A[threadIdx_x] + T.float32(2.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    A_sh = T.alloc_buffer((128,), scope="shared.dyn")
    B_sh = T.alloc_buffer((128,), scope="shared.dyn")
    T.s_tir.cp_async_raw("float32", A_sh.data, threadIdx_x, A.data, threadIdx_x, 512)
    T.s_tir.cp_async_raw("float32", B_sh.data, threadIdx_x, B.data, threadIdx_x, 512)

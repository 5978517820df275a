# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    A_sh = T.alloc_buffer((128,), scope="shared.dyn")
    B_sh = T.alloc_buffer((128,), scope="shared.dyn")
    B_sh[threadIdx_x] = A_sh[threadIdx_x]

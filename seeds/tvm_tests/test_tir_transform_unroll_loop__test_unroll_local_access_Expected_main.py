# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((64,), "float32")):
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            A_local = T.alloc_local((4,))
            A_local[0] = T.float32(0.0)
            A_local[1] = T.float32(1.0)
            A_local[2] = T.float32(2.0)
            A_local[3] = T.float32(3.0)

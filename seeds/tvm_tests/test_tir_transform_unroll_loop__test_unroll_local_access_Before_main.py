# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((64,), "float32")):
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            A_local = T.alloc_local((4,))
            for i in range(4):
                A_local[i] = T.Cast("float32", i)

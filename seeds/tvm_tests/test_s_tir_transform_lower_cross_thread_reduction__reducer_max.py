# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reducer_max(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        for k in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(-340282346638528859811704183484516925440.0)
                B[vi] = T.max(B[vi], A[vi, vk])

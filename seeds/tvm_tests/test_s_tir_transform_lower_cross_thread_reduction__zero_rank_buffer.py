# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def zero_rank_buffer(A: T.Buffer((128,), "float32"), B: T.Buffer((), "float32")):
    # with T.sblock("root"):
    for k in T.thread_binding(128, thread="threadIdx.x"):
        with T.sblock("B"):
            vk = T.axis.reduce(128, k)
            T.reads(A[vk])
            T.writes(B[()])
            with T.init():
                B[()] = T.float32(0.0)
            B[()] = B[()] + A[vk]

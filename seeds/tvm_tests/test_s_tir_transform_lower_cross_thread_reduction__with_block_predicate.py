# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def with_block_predicate(A: T.Buffer((128, 120), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i, ko in T.grid(128, 4):
        for ki in T.thread_binding(32, thread="threadIdx.x"):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i)
                vk = T.axis.reduce(120, ko * 32 + ki)
                T.where(ko * 32 + ki < 120)
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + A[vi, vk]

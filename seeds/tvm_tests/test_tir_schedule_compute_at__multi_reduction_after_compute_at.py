# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multi_reduction_after_compute_at(A: T.Buffer((16, 16), "float32"), C: T.Buffer((), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16,))
    for k in range(16):
        for kk in range(16):
            with T.sblock("B"):
                vi, vk = T.axis.remap("SR", [k, kk])
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + A[vi, vk]
        with T.sblock("C"):
            vk = T.axis.reduce(16, k)
            T.reads(B[vk])
            T.writes(C[()])
            with T.init():
                C[()] = T.float32(0.0)
            C[()] = C[()] + B[vk]

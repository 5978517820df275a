# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_predicate(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i, k_0, k_1 in T.grid(128, 13, 10):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i)
            vk = T.axis.reduce(128, k_0 * 10 + k_1)
            T.where(k_0 * 10 + k_1 < 128)
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_transformed(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for io, ii_ko_fused, ki in T.grid(32, 128, 4):
        with T.sblock("B"):
            vi = T.axis.spatial(128, io * 4 + ii_ko_fused // 32)
            vk = T.axis.reduce(128, ii_ko_fused % 32 * 4 + ki)
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]

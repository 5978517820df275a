# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after_rowsum_blockize(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    with T.sblock("blockized_B"):
        vko = T.axis.reduce(1, 0)
        vio = T.axis.spatial(1, 0)
        T.reads(A[0:128, 0:128])
        T.writes(B[0:128])
        with T.init():
            for i1 in range(128):
                with T.sblock("B_init"):
                    vi_init = T.axis.spatial(128, i1)
                    T.reads()
                    T.writes(B[vi_init])
                    B[vi_init] = T.float32(0.0)
        for i0, i1_1 in T.grid(128, 128):
            with T.sblock("B"):
                vk, vi = T.axis.remap("RS", [i0, i1_1])
                T.reads(B[vi], A[vi, vk])
                T.writes(B[vi])
                B[vi] = B[vi] + A[vi, vk]

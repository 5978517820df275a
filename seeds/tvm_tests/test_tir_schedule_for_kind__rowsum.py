# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i, k in T.grid(128, 128):
        with T.sblock("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14, 32), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((14,), "int32")
    for i, k in T.grid(14, 32):
        with T.sblock("block"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]

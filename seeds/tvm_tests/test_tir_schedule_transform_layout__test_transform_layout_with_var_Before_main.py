# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int32"), n: T.int32):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16,), "int32")
    for i in range(16):
        with T.sblock("block"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((4, 4), "int32")
    B = T.sblock_alloc_buffer((16,), "int32")
    for i in range(16):
        with T.sblock("block"):
            vi = T.axis.spatial(16, i)
            T.reads()
            T.writes(A[vi // 4, vi % 4])
            A[vi // 4, vi % 4] = 0
    for i in range(16):
        with T.sblock("other"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi // 4, vi % 4])
            T.writes(B[vi])
            B[vi] = A[vi // 4, vi % 4]

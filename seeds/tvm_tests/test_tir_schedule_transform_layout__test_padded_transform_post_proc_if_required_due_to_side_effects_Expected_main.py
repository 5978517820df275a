# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    C = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi])
            T.writes(B[vi // 4, vi % 4], C[vi])
            B[vi // 4, vi % 4] = A[vi]
            C[vi] = 0
    for i, j in T.grid(4, 4):
        with T.sblock("block_pad_B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(i == 3 and 2 <= j)
            T.reads()
            T.writes(B[vi, vj])
            B[vi, vj] = 0

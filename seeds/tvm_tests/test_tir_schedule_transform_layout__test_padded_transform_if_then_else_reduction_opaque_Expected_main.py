# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14, 32), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for i, j in T.grid(4, 4):
        B[i, j] = T.if_then_else(i == 3 and 2 <= j, 0, 0)
        for k in range(32):
            with T.sblock("block"):
                T.reads(B[i, j], A[i * 4 + j, k])
                T.writes(B[i, j])
                B[i, j] = T.if_then_else(i == 3 and 2 <= j, 0, B[i, j] + A[i * 4 + j, k])

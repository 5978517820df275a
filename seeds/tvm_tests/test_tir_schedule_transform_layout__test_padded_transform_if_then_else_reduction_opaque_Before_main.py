# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14, 32), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((14,), "int32")
    for i in range(14):
        B[i] = 0
        for k in range(32):
            with T.sblock("block"):
                T.reads(B[i], A[i, k])
                T.writes(B[i])
                B[i] = B[i] + A[i, k]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def read_out_of_bound(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16,))
    for i in range(16):
        with T.sblock("B"):
            v = T.axis.spatial(16, i)
            T.reads(A[v])
            T.writes(B[v])
            B[v] = A[v]
    for j in range(16):
        with T.sblock("C"):
            v = T.axis.spatial(16, j)
            T.reads(B[v:v + 2])
            T.writes(C[v])
            C[v] = T.if_then_else(v < 15, T.max(B[v], B[v + 1]), B[v])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_with_block_predicate():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((120,))
    B = T.sblock_alloc_buffer((120,))
    for i, j in T.grid(16, 8):
        with T.sblock("producer"):
            ax = T.axis.spatial(120, i * 8 + j)
            T.where(i * 8 + j < 120)
            T.reads()
            T.writes(A[ax])
            A[ax] = T.float32(0.0)
    for i, j in T.grid(16, 8):
        with T.sblock("consumer"):
            ax = T.axis.spatial(120, i * 8 + j)
            T.where(i * 8 + j < 120)
            T.reads(A[ax])
            T.writes(B[ax])
            B[ax] = A[ax] + T.float32(1.0)

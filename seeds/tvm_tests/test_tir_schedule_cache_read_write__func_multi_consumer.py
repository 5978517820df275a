# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_multi_consumer():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((128,))
    B = T.sblock_alloc_buffer((128,))
    C = T.sblock_alloc_buffer((128,))
    for i in range(8):
        for j in range(16):
            with T.sblock("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads()
                T.writes(A[vi])
                A[vi] = T.float32(1.0)
        for j in range(16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads(A[vi])
                T.writes(B[vi])
                B[vi] = A[vi] + T.float32(1.0)
    for i in range(128):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(C[vi])
            C[vi] = A[vi]

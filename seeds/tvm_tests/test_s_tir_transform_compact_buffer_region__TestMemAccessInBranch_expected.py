# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((224, 224), "float32")):
    # with T.sblock("root"):
    B1 = T.sblock_alloc_buffer((112, 112))
    B2 = T.sblock_alloc_buffer((224, 224))
    B3 = T.sblock_alloc_buffer((224, 224))
    B4 = T.sblock_alloc_buffer((112, 112))
    for i, j in T.grid(224, 224):
        with T.sblock(""):
            T.reads(A[i, j])
            T.writes(B1[i, j], B2[i, j])
            if i < 112 and j < 112:
                B1[i, j] = A[i, j] * T.float32(2.0)
            else:
                B2[i, j] = A[i, j] + T.float32(3.0)
    for i, j in T.grid(224, 224):
        with T.sblock(""):
            T.reads(A[i, j])
            T.writes(B3[i, j], B4[i - 112, j - 112])
            if i < 112 or j < 112:
                B3[i, j] = A[i, j] * T.float32(2.0)
            else:
                B4[i - 112, j - 112] = A[i, j] + T.float32(3.0)

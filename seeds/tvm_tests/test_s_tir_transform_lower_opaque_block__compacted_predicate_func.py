# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def compacted_predicate_func(A: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(5, 7):
        with T.sblock(""):
            T.where(i * 7 + j < 32)
            T.reads(A[i * 7 + j])
            T.writes(C[i * 7 + j])
            C[i * 7 + j] = A[i * 7 + j] + T.float32(1.0)

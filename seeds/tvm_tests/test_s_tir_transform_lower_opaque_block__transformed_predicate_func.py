# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_predicate_func(A: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    for i, j in T.grid(5, 7):
        if i * 7 + j < 32:
            C[i * 7 + j] = A[i * 7 + j] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_multi_reverse_affine_load_inlined(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 16, 128), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi // 16, vi % 16, vj])
            C[vi // 16, vi % 16, vj] = A[vi, vj] * T.float32(2.0) + A[vi, vj] * T.float32(2.0)

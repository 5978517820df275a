# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_unit_dim(A: T.Buffer((1, 512), "float32"), B: T.Buffer((512, 1), "float32"), C: T.Buffer((1, 1), "float32")):
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(1, 1, 512):
        with T.sblock("matmul"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(C[i, j], A[i, k], B[k, j])
            T.writes(C[i, j])
            with T.init():
                C[i, j] = T.float32(0.0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_non_affine_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 16, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j, k in T.grid(8, 16, 128):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(B[vi * 16 + vj, vi * 16 + vj])
            T.writes(C[vi, vj, vk])
            C[vi, vj, vk] = B[vi * 16 + vj, vi * 16 + vj]

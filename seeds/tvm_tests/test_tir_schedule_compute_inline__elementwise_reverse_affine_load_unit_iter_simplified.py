# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load_unit_iter_simplified(A: T.Buffer((128, 128), "float32"), B: T.Buffer((8, 16, 1), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j, k in T.grid(8, 16, 128):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(C[vi * 16 + vj, vk], B[vi, vj, 0])
            T.writes(D[0, vi, vj, vk])
            D[0, vi, vj, vk] = C[vi * 16 + vj, vk] + B[vi, vj, 0]

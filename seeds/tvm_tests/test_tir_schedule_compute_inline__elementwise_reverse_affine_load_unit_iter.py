# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load_unit_iter(A: T.Buffer((128, 128), "float32"), B: T.Buffer((8, 16, 1), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j, k, l in T.grid(1, 8, 16, 128):
        with T.sblock("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.reads(C[vj * 16 + vk, vl], B[vj, vk, vi])
            T.writes(D[vi, vj, vk, vl])
            D[vi, vj, vk, vl] = C[vj * 16 + vk, vl] + B[vj, vk, vi]

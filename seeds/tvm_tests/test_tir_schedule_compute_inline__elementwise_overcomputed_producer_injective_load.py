# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_overcomputed_producer_injective_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((8, 8, 16, 16))
    for i0, j0, i1, j1 in T.grid(8, 8, 16, 16):
        with T.sblock("B"):
            vi, vj, vm, vn = T.axis.remap("SSSS", [i0, j0, i1, j1])
            T.reads(A[vi * 16 + vm, vj * 16 + vn])
            T.writes(B[vi, vj, vm, vn])
            B[vi, vj, vm, vn] = A[vi * 16 + vm, vj * 16 + vn] * T.float32(2.0)
    for i, j in T.grid(127, 127):
        with T.sblock("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            T.reads(B[cvi // 16, cvj // 16, cvi % 16, cvj % 16])
            T.writes(C[cvi, cvj])
            C[cvi, cvj] = B[cvi // 16, cvj // 16, cvi % 16, cvj % 16] + T.float32(1.0)

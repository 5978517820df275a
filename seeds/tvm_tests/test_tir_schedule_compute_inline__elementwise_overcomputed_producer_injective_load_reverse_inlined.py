# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_overcomputed_producer_injective_load_reverse_inlined(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    for i0, j0, i1, j1 in T.grid(8, 8, 16, 16):
        with T.sblock("B"):
            vi, vj, vm, vn = T.axis.remap("SSSS", [i0, j0, i1, j1])
            T.where(i0 * 16 + i1 < 127 and j0 * 16 + j1 < 127)
            T.reads(A[vi * 16 + vm, vj * 16 + vn])
            T.writes(C[vm + vi * 16, vn + vj * 16])
            C[vm + vi * 16, vn + vj * 16] = A[vi * 16 + vm, vj * 16 + vn] * T.float32(2.0) + T.float32(1.0)

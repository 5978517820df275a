# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def not_all_compact_data_flow(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj]
    for i, j in T.grid(128, 64):
        with T.sblock("C_1"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj * 2])
            T.writes(C[vi, vj * 2])
            C[vi, vj * 2] = B[vi, vj * 2] + T.float32(1.0)
        with T.sblock("C_2"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj * 2 + 1])
            T.writes(C[vi, vj * 2 + 1])
            C[vi, vj * 2 + 1] = B[vi, vj * 2 + 1] * T.float32(2.0)

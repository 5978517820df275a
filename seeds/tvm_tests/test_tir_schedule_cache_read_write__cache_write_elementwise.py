# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def cache_write_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    B_global = T.sblock_alloc_buffer((128, 128), scope="local")
    C_local = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B_global"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B_global[vi, vj])
            B_global[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B_global[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = B_global[vi, vj]
    for i, j in T.grid(128, 128):
        with T.sblock("C_local"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C_local[vi, vj])
            C_local[vi, vj] = B[vi, vj] + T.float32(1.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(C_local[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = C_local[vi, vj]

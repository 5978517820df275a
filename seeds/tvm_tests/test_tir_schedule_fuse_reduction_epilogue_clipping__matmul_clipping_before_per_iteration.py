# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_clipping_before_per_iteration(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((16, 16))
    lower: T.float32 = T.float32(-5.0)
    upper: T.float32 = T.float32(5.0)
    for i, j in T.grid(16, 16):
        with T.sblock("init"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(lower.source[0], upper.source[0])
            T.writes(temp[vi, vj])
            temp[vi, vj] = T.min(T.max(T.float32(0.0), lower), upper)
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(temp[vi, vj], A[vi, vk], B[vj, vk], lower.source[0], upper.source[0])
            T.writes(temp[vi, vj])
            temp[vi, vj] = T.min(T.max(temp[vi, vj] + A[vi, vk] * B[vj, vk], lower), upper)
    for i, j in T.grid(16, 16):
        with T.sblock("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = temp[vi, vj]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_clipping_expected(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32"), lower: T.float32, upper: T.float32):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(D[vi, vj])
            with T.init():
                D[vi, vj] = T.min(T.max(T.float32(0.0), lower), upper)
            D[vi, vj] = T.min(T.max(D[vi, vj] + A[vi, vk] * B[vj, vk], lower), upper)

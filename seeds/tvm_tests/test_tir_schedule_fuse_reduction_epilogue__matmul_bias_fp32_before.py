# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_bias_fp32_before(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32"), C: T.Buffer((32, 32), "float32"), D: T.Buffer((32, 32), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((32, 32))
    for i, j, k in T.grid(32, 32, 32):
        with T.sblock("multiply"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(temp[vi, vj])
            with T.init():
                temp[vi, vj] = T.float32(0.0)
            temp[vi, vj] = temp[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(32, 32):
        with T.sblock("add"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp[vi, vj], C[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = temp[vi, vj] + C[vi, vj]

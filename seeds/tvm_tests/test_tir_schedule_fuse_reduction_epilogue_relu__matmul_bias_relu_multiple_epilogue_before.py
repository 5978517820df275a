# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_bias_relu_multiple_epilogue_before(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32"), E: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(temp[vi, vj])
            with T.init():
                temp[vi, vj] = T.float32(0.0)
            temp[vi, vj] = temp[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(16, 16):
        with T.sblock("bias_relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp[vi, vj], C[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = T.max(temp[vi, vj] + C[vi, vj], T.float32(0.0))
    for i, j in T.grid(16, 16):
        with T.sblock("bias"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp[vi, vj], C[vi, vj])
            T.writes(E[vi, vj])
            E[vi, vj] = temp[vi, vj] + C[vi, vj]

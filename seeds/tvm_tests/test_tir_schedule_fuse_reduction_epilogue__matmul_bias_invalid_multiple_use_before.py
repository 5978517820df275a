# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_bias_invalid_multiple_use_before(A: T.Buffer((16, 16), "int8"), B: T.Buffer((16, 16), "int8"), C1: T.Buffer((16, 16), "int32"), C2: T.Buffer((16, 16), "int32"), D: T.Buffer((16, 16), "int32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((16, 16), "int32")
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("multiply"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(temp[vi, vj])
            with T.init():
                temp[vi, vj] = 0
            temp[vi, vj] = temp[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vj, vk])
    for i, j in T.grid(16, 16):
        with T.sblock("bad_epilogue"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(temp[vi, vj], C1[vi, vj], C2[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = (temp[vi, vj] + C1[vi, vj]) * (temp[vi, vj] + C2[vi, vj])

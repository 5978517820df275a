# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 32, 1, 128), "float16"), C: T.Buffer((1, 1, 4096), "float16")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 1, 32, 128), "float16")
    for i, j, k, l in T.grid(1, 1, 32, 128):
        with T.sblock("T_transpose"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.reads(A[vi, vk, vj, vl])
            T.writes(B[vi, vj, vk, vl])
            B[vi, vj, vk, vl] = A[vi, vk, vj, vl]
    for i, j, k in T.grid(1, 1, 4096):
        with T.sblock("T_reshape"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(B[0, 0, vk % 4096 // 128, vk % 128])
            T.writes(C[vi, vj, vk])
            C[vi, vj, vk] = B[0, 0, vk % 4096 // 128, vk % 128]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_reverse_affine_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 32, 8, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j, k, l in T.grid(8, 32, 8, 8):
        with T.sblock("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.reads(B[(((vi * 32 + vj) * 8 + vk) * 8 + vl) // 128, (((vi * 32 + vj) * 8 + vk) * 8 + vl) % 128])
            T.writes(C[vi, vj, vk, vl])
            C[vi, vj, vk, vl] = B[(((vi * 32 + vj) * 8 + vk) * 8 + vl) // 128, (((vi * 32 + vj) * 8 + vk) * 8 + vl) % 128]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_predicate_rfactor(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((128, 13))
    for i, k_0, k_1 in T.grid(128, 13, 10):
        with T.sblock("B_rf"):
            vk_0, vi, vk_1 = T.axis.remap("SSR", [k_0, i, k_1])
            T.where(k_0 * 10 + k_1 < 128)
            T.reads(A[vi, vk_0 * 10 + vk_1])
            T.writes(B_rf[vi, vk_0])
            with T.init():
                B_rf[vi, vk_0] = T.float32(0.0)
            B_rf[vi, vk_0] = B_rf[vi, vk_0] + A[vi, vk_0 * 10 + vk_1]
    for i, k_0 in T.grid(128, 13):
        with T.sblock("B"):
            vk_0, vi = T.axis.remap("RS", [k_0, i])
            T.reads(B_rf[vi, vk_0])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + B_rf[vi, vk_0]

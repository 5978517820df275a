# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multiple_blocks_under_reduction_loop(A: T.Buffer((16, 16, 16), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    B_rf_local = T.sblock_alloc_buffer((16, 16), scope="local")
    for i in T.thread_binding(16, thread="blockIdx.x"):
        for k0o in T.thread_binding(4, thread="threadIdx.x"):
            for k0i0, k1 in T.grid(4, 16):
                with T.sblock("B_rf"):
                    vk0 = T.axis.spatial(16, k0o * 4 + k0i0)
                    vi, vk1 = T.axis.remap("SR", [i, k1])
                    T.reads(A[vi, vk0, vk1])
                    T.writes(B_rf_local[vk0, vi])
                    with T.init():
                        B_rf_local[vk0, vi] = T.float32(0.0)
                    B_rf_local[vk0, vi] = B_rf_local[vk0, vi] + A[vi, vk0, vk1]
            for k0i1 in range(4):
                with T.sblock("B"):
                    vk0 = T.axis.reduce(16, k0o * 4 + k0i1)
                    vi = T.axis.spatial(16, i)
                    T.reads(B_rf_local[vk0, vi])
                    T.writes(B[vi])
                    with T.init():
                        B[vi] = T.float32(0.0)
                    B[vi] = B[vi] + B_rf_local[vk0, vi]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def decode_i4s_to_int32_to_f16():
    # with T.sblock("root"):
    B_decode_local = T.sblock_alloc_buffer((16384, 16384), "float16", scope="local")
    B_local = T.sblock_alloc_buffer((16384, 2048), "int32", scope="local")
    for ax0_0 in T.thread_binding(8192, thread="blockIdx.x"):
        for ax0_1 in T.thread_binding(2, thread="threadIdx.y"):
            for ax1_0 in range(32):
                for ax1_1 in T.thread_binding(64, thread="threadIdx.x"):
                    for ax0, ax1 in T.grid(1, 8):
                        with T.sblock("B_decode_local"):
                            v0 = T.axis.spatial(16384, ax0_0 * 2 + ax0_1 + ax0)
                            v1 = T.axis.spatial(16384, ax1_0 * 512 + ax1_1 * 8 + ax1)
                            T.reads(B_local[v0, v1 // 8])
                            T.writes(B_decode_local[v0, v1])
                            B_decode_local[v0, v1] = T.Cast("float16", (B_local[v0, v1 // 8] >> v1 % 8 * 4 & 15) << 28 >> 28)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tensorized_decode_i4s_to_int32_to_f16():
    # with T.sblock("root"):
    B_decode_local = T.sblock_alloc_buffer((16384, 16384), "float16", scope="local")
    B_local = T.sblock_alloc_buffer((16384, 2048), "int32", scope="local")
    for ax0_0 in T.thread_binding(8192, thread="blockIdx.x"):
        for ax0_1 in T.thread_binding(2, thread="threadIdx.y"):
            for ax1_0 in range(32):
                for ax1_1 in T.thread_binding(64, thread="threadIdx.x"):
                    for ax0 in range(1):
                        with T.sblock("B_decode_local_o"):
                            v0_o = T.axis.spatial(16384, ax0_0 * 2 + ax0_1 + ax0)
                            v1_o = T.axis.spatial(2048, ax1_0 * 64 + ax1_1)
                            T.reads(B_local[v0_o, v1_o])
                            T.writes(B_decode_local[v0_o, v1_o * 8:v1_o * 8 + 8])
                            Compressed = T.match_buffer(B_local[v0_o, v1_o], (1,), "int32", scope="local")
                            Decompressed = T.match_buffer(B_decode_local[v0_o, v1_o * 8:v1_o * 8 + 8], (8,), "float16", scope="local")
                            T.call_extern(T.handle().ty, "test_decode_i4s_to_f16", Compressed.data, Decompressed.data, 8)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(C: T.Buffer((1024, 1024), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"warp_execution": True})
        for bx in T.thread_binding(8, thread="blockIdx.x"):
            for by in T.thread_binding(8, thread="blockIdx.y"):
                for ty in T.thread_binding(8, thread="threadIdx.y"):
                    with T.sblock(""):
                        T.reads()
                        T.writes(C[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                        C_accum = T.sblock_alloc_buffer((128, 128), scope="m16n8k8.matrixC")
                        with T.sblock("C_global"):
                            T.reads(C_accum[0:128, 0:128])
                            T.writes(C[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                            T.sblock_attr({"auto_copy": True, "vector_bytes": 16})
                            C_accum_shared_dyn = T.sblock_alloc_buffer((8, 16, 8, 8), strides=(1152, 72, 8, 1), scope="shared.dyn")
                            for ax0_0 in range(16):
                                for ax1_0 in range(16):
                                    with T.sblock("mma_store"):
                                        T.reads(C_accum[ax0_0 * 8:ax0_0 * 8 + 8, ax1_0 * 8:ax1_0 * 8 + 8])
                                        T.writes(C_accum_shared_dyn[ty, ax1_0, 0:8, 0:8])
                                        src = T.match_buffer(C_accum[ax0_0 * 8:ax0_0 * 8 + 8, ax1_0 * 8:ax1_0 * 8 + 8], (8, 8), scope="m16n8k8.matrixC", offset_factor=8)
                                        tgt = T.match_buffer(C_accum_shared_dyn[ty, ax1_0, 0:8, 0:8], (8, 8), strides=("s1", "s0"), scope="shared.dyn", offset_factor=8)
                                        tx = T.launch_thread("threadIdx.x", 32)
                                        for vec in T.vectorized(2):
                                            tgt[tx // 4, tx % 4 * 2 + vec] = src[tx // 4, tx % 4 * 2 + vec]
                                for ax1_1 in range(8):
                                    for ty_0 in T.thread_binding(8, thread="threadIdx.y"):
                                        for tx_0 in T.thread_binding(32, thread="threadIdx.x"):
                                            for v in T.vectorized(4):
                                                C[bx * 128 + (ax0_0 * 8 + (((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) // 8 % 8), by * 128 + ((((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) // 8 // 8 % 16 * 8 + (((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) % 8)] = C_accum_shared_dyn[(((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) // 8 // 8 // 16 % 8, (((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) // 8 // 8 % 16, (((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) // 8 % 8, (((ax1_1 * 8 + ty_0) * 32 + tx_0) * 4 + v) % 8]

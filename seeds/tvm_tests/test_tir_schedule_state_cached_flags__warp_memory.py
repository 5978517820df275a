# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def warp_memory(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 4, 32), scope="warp")
    for i_o in T.thread_binding(4, thread="threadIdx.y"):
        for i_i in T.thread_binding(32, thread="threadIdx.x"):
            for j in range(128):
                with T.sblock("B"):
                    warp_id, lane_id, vj = T.axis.remap("SSS", [i_o, i_i, j])
                    T.reads(A[warp_id * 32 + lane_id, vj])
                    T.writes(B[vj, warp_id, lane_id])
                    B[vj, warp_id, lane_id] = A[warp_id * 32 + lane_id, vj] * T.float32(2.0)
            for j in range(128):
                with T.sblock("C"):
                    warp_id, lane_id, vj = T.axis.remap("SSS", [i_o, i_i, j])
                    T.reads(B[vj, warp_id, lane_id])
                    T.writes(C[warp_id * 32 + lane_id, vj])
                    C[warp_id * 32 + lane_id, vj] = B[vj, warp_id, lane_id] + T.float32(1.0)

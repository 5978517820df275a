# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    temp_local_shared = T.sblock_alloc_buffer((256,), scope="shared")
    temp_local_rf_local = T.sblock_alloc_buffer((16, 256), scope="local")
    for ax0_fused_0 in T.thread_binding(16, thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(16, thread="threadIdx.x"):
            for ax1_fused_1 in T.thread_binding(16, thread="threadIdx.y"):
                with T.sblock("sum_rf_init"):
                    vax1_fused_1 = T.axis.spatial(16, ax1_fused_1)
                    v0 = T.axis.spatial(256, ax0_fused_0 * 16 + ax0_fused_1)
                    T.reads()
                    T.writes(temp_local_rf_local[vax1_fused_1, v0])
                    temp_local_rf_local[vax1_fused_1, v0] = T.float32(0.0)
                for ax1_fused_0, u in T.grid(16, 1):
                    with T.sblock("sum_rf_update"):
                        vax1_fused_1 = T.axis.spatial(16, ax1_fused_1)
                        v0 = T.axis.spatial(256, ax0_fused_0 * 16 + ax0_fused_1)
                        vax1_fused_0 = T.axis.reduce(16, ax1_fused_0)
                        T.reads(temp_local_rf_local[vax1_fused_1, v0], A[vax1_fused_0 * 16 + vax1_fused_1, v0])
                        T.writes(temp_local_rf_local[vax1_fused_1, v0])
                        temp_local_rf_local[vax1_fused_1, v0] = temp_local_rf_local[vax1_fused_1, v0] + A[vax1_fused_0 * 16 + vax1_fused_1, v0]
        for ax1_fused in T.thread_binding(16, thread="threadIdx.x"):
            for ax0 in T.thread_binding(16, thread="threadIdx.y"):
                with T.sblock("sum"):
                    vax1_fused_1 = T.axis.reduce(16, ax0)
                    v0 = T.axis.spatial(256, ax0_fused_0 * 16 + ax1_fused)
                    T.reads(temp_local_rf_local[vax1_fused_1, v0])
                    T.writes(temp_local_shared[v0])
                    with T.init():
                        temp_local_shared[v0] = T.float32(0.0)
                    temp_local_shared[v0] = temp_local_shared[v0] + temp_local_rf_local[vax1_fused_1, v0]
        for ax0_ax1_fused_0 in range(16):
            for ax0_ax1_fused_1 in T.thread_binding(16, thread="threadIdx.x"):
                for ax0_ax1_fused_2 in T.thread_binding(16, thread="threadIdx.y"):
                    with T.sblock("add"):
                        v0 = T.axis.spatial(256, (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 16 + ax0_ax1_fused_2) // 16)
                        v1 = T.axis.spatial(256, ax0_fused_0 * 16 + (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 16 + ax0_ax1_fused_2) % 16)
                        T.reads(temp_local_shared[v1])
                        T.writes(B[v0, v1])
                        B[v0, v1] = A[v0, v1] + temp_local_shared[v1]

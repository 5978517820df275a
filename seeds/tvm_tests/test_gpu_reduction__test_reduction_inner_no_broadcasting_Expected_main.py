# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256,), "float32")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    temp_local_local = T.sblock_alloc_buffer((256,), scope="local")
    temp_local_rf_local = T.sblock_alloc_buffer((256, 256), scope="local")
    for ax0_fused in T.thread_binding(256, thread="blockIdx.x"):
        for ax1_fused_1 in T.thread_binding(256, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
            with T.sblock("sum_rf_init"):
                vax1_fused_1, v0 = T.axis.remap("SS", [ax1_fused_1, ax0_fused])
                T.reads()
                T.writes(temp_local_rf_local[vax1_fused_1, v0])
                temp_local_rf_local[vax1_fused_1, v0] = T.float32(0.0)
            for ax1_fused_0, u in T.grid(1, 1):
                with T.sblock("sum_rf_update"):
                    vax1_fused_1, v0, vax1_fused_0 = T.axis.remap("SSR", [ax1_fused_1, ax0_fused, ax1_fused_0])
                    T.reads(temp_local_rf_local[vax1_fused_1, v0], A[v0, vax1_fused_0 * 256 + vax1_fused_1])
                    T.writes(temp_local_rf_local[vax1_fused_1, v0])
                    temp_local_rf_local[vax1_fused_1, v0] = temp_local_rf_local[vax1_fused_1, v0] + A[v0, vax1_fused_0 * 256 + vax1_fused_1]
        for ax1_fused in range(1):
            for ax0 in T.thread_binding(256, thread="threadIdx.x"):
                with T.sblock("sum"):
                    vax1_fused_1, v0 = T.axis.remap("RS", [ax0, ax0_fused])
                    T.reads(temp_local_rf_local[vax1_fused_1, v0])
                    T.writes(temp_local_local[v0])
                    with T.init():
                        temp_local_local[v0] = T.float32(0.0)
                    temp_local_local[v0] = temp_local_local[v0] + temp_local_rf_local[vax1_fused_1, v0]
        for ax0 in range(1):
            with T.sblock("add"):
                v0 = T.axis.spatial(256, ax0_fused + ax0)
                T.reads(temp_local_local[v0])
                T.writes(B[v0])
                B[v0] = temp_local_local[v0] + T.float32(1.0)

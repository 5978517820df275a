# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(lv9: T.Buffer((2560, 320), "uint32"), lv10: T.Buffer((2560, 80), "float16"), lv1: T.Buffer((1, 2560), "float16"), p_output0_intermediate: T.Buffer((1, 2560), "float32")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    var_matmul_intermediate_local = T.sblock_alloc_buffer((1, 2560), "float16", scope="local")
    var_matmul_intermediate_rf_local = T.sblock_alloc_buffer((16, 1, 2560), "float16", scope="local")
    for ax0_0_fused_0 in T.thread_binding(20, thread="blockIdx.x"):
        for ax0_0_fused_1 in T.thread_binding(16, thread="threadIdx.x"):
            for ax1_fused_1 in T.thread_binding(16, thread="threadIdx.y"):
                for ax0_1_init in range(8):
                    with T.sblock("matmul_rf_init"):
                        vax1_fused_1 = T.axis.spatial(16, ax1_fused_1)
                        v0 = T.axis.spatial(2560, ax0_0_fused_0 * 128 + ax0_0_fused_1 * 8 + ax0_1_init)
                        T.reads()
                        T.writes(var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0])
                        var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0] = T.float16(0.0)
                for ax1_fused_0, ax0_1 in T.grid(160, 8):
                    with T.sblock("matmul_rf_update"):
                        vax1_fused_1 = T.axis.spatial(16, ax1_fused_1)
                        v0 = T.axis.spatial(2560, ax0_0_fused_0 * 128 + ax0_0_fused_1 * 8 + ax0_1)
                        vax1_fused_0 = T.axis.reduce(160, ax1_fused_0)
                        T.reads(var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0], lv1[0, vax1_fused_0 * 16 + vax1_fused_1], lv9[vax1_fused_0 * 16 + vax1_fused_1, v0 // 8], lv10[vax1_fused_0 * 16 + vax1_fused_1, v0 // 32])
                        T.writes(var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0])
                        var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0] = var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0] + lv1[0, vax1_fused_0 * 16 + vax1_fused_1] * ((T.Cast("float16", lv9[vax1_fused_0 * 16 + vax1_fused_1, v0 // 8] >> T.Cast("uint32", v0 % 8) * T.uint32(4) & T.uint32(15)) - T.float16(7.0)) * lv10[vax1_fused_0 * 16 + vax1_fused_1, v0 // 32])
        for ax1_fused_0 in T.thread_binding(16, thread="threadIdx.x"):
            for ax1_fused_1 in range(8):
                for ax0 in T.thread_binding(16, thread="threadIdx.y"):
                    with T.sblock("matmul"):
                        vax1_fused_1 = T.axis.reduce(16, ax0)
                        v0 = T.axis.spatial(2560, ax0_0_fused_0 * 128 + ax1_fused_0 * 8 + ax1_fused_1)
                        T.reads(var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0])
                        T.writes(var_matmul_intermediate_local[0, v0])
                        with T.init():
                            var_matmul_intermediate_local[0, v0] = T.float16(0.0)
                        var_matmul_intermediate_local[0, v0] = var_matmul_intermediate_local[0, v0] + var_matmul_intermediate_rf_local[vax1_fused_1, 0, v0]
        for ax0_fused_0 in T.thread_binding(16, thread="threadIdx.x"):
            for ax0_fused_1 in range(8):
                with T.sblock("compute"):
                    v0 = T.axis.spatial(2560, ax0_0_fused_0 * 128 + ax0_fused_0 * 8 + ax0_fused_1)
                    T.reads(var_matmul_intermediate_local[0, v0])
                    T.writes(p_output0_intermediate[0, v0])
                    p_output0_intermediate[0, v0] = T.Cast("float32", var_matmul_intermediate_local[0, v0])

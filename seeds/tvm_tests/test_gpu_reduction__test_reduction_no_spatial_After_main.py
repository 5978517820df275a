# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 4096), "float16"), B: T.Buffer((4096,), "float16"), rms_norm: T.Buffer((1, 4096), "float16")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    Ared_temp_shared = T.sblock_alloc_buffer((1, 1), scope="shared")
    Ared_temp_rf_local = T.sblock_alloc_buffer((1024, 1, 1), scope="local")
    for ax0_fused in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax1_fused_1 in T.thread_binding(1024, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
            with T.sblock("Ared_temp_rf_init"):
                vax1_fused_1 = T.axis.spatial(1024, ax1_fused_1)
                v0 = T.axis.spatial(T.int64(1), T.int64(0))
                T.reads()
                T.writes(Ared_temp_rf_local[vax1_fused_1, 0, 0])
                Ared_temp_rf_local[vax1_fused_1, 0, 0] = T.float32(0.0)
            for ax1_fused_0, u in T.grid(4, 1):
                with T.sblock("Ared_temp_rf_update"):
                    vax1_fused_1 = T.axis.spatial(1024, ax1_fused_1)
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    vax1_fused_0 = T.axis.reduce(4, ax1_fused_0)
                    T.reads(Ared_temp_rf_local[vax1_fused_1, 0, 0], A[0, 0, vax1_fused_0 * 1024 + vax1_fused_1])
                    T.writes(Ared_temp_rf_local[vax1_fused_1, 0, 0])
                    Ared_temp_rf_local[vax1_fused_1, 0, 0] = Ared_temp_rf_local[vax1_fused_1, 0, 0] + T.Cast("float32", A[0, 0, vax1_fused_0 * 1024 + vax1_fused_1]) * T.Cast("float32", A[0, 0, vax1_fused_0 * 1024 + vax1_fused_1])
        for ax1_fused in range(T.int64(1)):
            for ax0 in T.thread_binding(1024, thread="threadIdx.x"):
                with T.sblock("Ared_temp"):
                    vax1_fused_1 = T.axis.reduce(1024, ax0)
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    T.reads(Ared_temp_rf_local[vax1_fused_1, 0, 0])
                    T.writes(Ared_temp_shared[0, 0])
                    with T.init():
                        Ared_temp_shared[0, 0] = T.float32(0.0)
                    Ared_temp_shared[0, 0] = Ared_temp_shared[0, 0] + Ared_temp_rf_local[vax1_fused_1, 0, 0]
        for ax0_fused_0 in range(4):
            for ax0_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
                with T.sblock("rms_norm"):
                    v0 = T.axis.spatial(4096, ax0_fused_0 * 1024 + ax0_fused_1)
                    T.reads(B[v0], A[0, 0, v0], Ared_temp_shared[0, 0])
                    T.writes(rms_norm[0, v0])
                    rms_norm[0, v0] = T.Cast("float16", T.Cast("float32", B[v0]) * (T.Cast("float32", A[0, 0, v0]) / T.sqrt(Ared_temp_shared[0, 0] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07))))

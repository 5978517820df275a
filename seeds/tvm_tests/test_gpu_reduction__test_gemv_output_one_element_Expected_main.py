# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((T.int64(1), T.int64(2048)), "float16"), weight: T.Buffer((T.int64(1), T.int64(2048)), "float16"), out: T.Buffer((T.int64(1), T.int64(1)), "float16")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    NT_matmul_intermediate_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(1)), "float16", scope="shared")
    NT_matmul_intermediate_rf_local = T.sblock_alloc_buffer((T.int64(1024), T.int64(1), T.int64(1)), "float16", scope="local")
    for ax0_fused in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax1_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
            with T.sblock("NT_matmul_rf_init"):
                vax1_fused_1 = T.axis.spatial(T.int64(1024), ax1_fused_1)
                v0 = T.axis.spatial(T.int64(1), T.int64(0))
                T.reads()
                T.writes(NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)])
                NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)] = T.float16(0.0)
            for ax1_fused_0, u in T.grid(T.int64(2), 1):
                with T.sblock("NT_matmul_rf_update"):
                    vax1_fused_1 = T.axis.spatial(T.int64(1024), ax1_fused_1)
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    vax1_fused_0 = T.axis.reduce(T.int64(2), ax1_fused_0)
                    T.reads(NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)], A[T.int64(0), vax1_fused_0 * T.int64(1024) + vax1_fused_1], weight[T.int64(0), vax1_fused_0 * T.int64(1024) + vax1_fused_1])
                    T.writes(NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)])
                    NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)] = NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)] + A[T.int64(0), vax1_fused_0 * T.int64(1024) + vax1_fused_1] * weight[T.int64(0), vax1_fused_0 * T.int64(1024) + vax1_fused_1]
        for ax1_fused in range(T.int64(1)):
            for ax0 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
                with T.sblock("NT_matmul"):
                    vax1_fused_1 = T.axis.reduce(T.int64(1024), ax0)
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    T.reads(NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)])
                    T.writes(NT_matmul_intermediate_shared[T.int64(0), T.int64(0)])
                    with T.init():
                        NT_matmul_intermediate_shared[T.int64(0), T.int64(0)] = T.float16(0.0)
                    NT_matmul_intermediate_shared[T.int64(0), T.int64(0)] = NT_matmul_intermediate_shared[T.int64(0), T.int64(0)] + NT_matmul_intermediate_rf_local[vax1_fused_1, T.int64(0), T.int64(0)]
        for ax0_fused_0 in range(T.int64(1)):
            for ax0_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
                with T.sblock("compute"):
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(1))
                    T.reads(NT_matmul_intermediate_shared[T.int64(0), T.int64(0)])
                    T.writes(out[T.int64(0), T.int64(0)])
                    out[T.int64(0), T.int64(0)] = T.sigmoid(NT_matmul_intermediate_shared[T.int64(0), T.int64(0)])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(input: T.Buffer((T.int64(1), T.int64(4), T.int64(32), T.int64(8192)), "float32"), T_softmax_norm: T.Buffer((T.int64(1), T.int64(4), T.int64(32), T.int64(8192)), "float32")):
    T.func_attr({"tirx.is_scheduled": True})
    # with T.sblock("root"):
    T_softmax_maxelem_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(8192)), scope="shared")
    T_softmax_expsum_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(8192)), scope="shared")
    for ax0_ax2_fused in T.thread_binding(T.int64(32768), thread="blockIdx.x"):
        for ax0, ax1 in T.grid(T.int64(1), T.int64(1)):
            for ax2_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax2_fused_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_maxelem"):
                        v0 = T.axis.spatial(T.int64(4), ax0_ax2_fused // T.int64(8192) + ax0)
                        v1 = T.axis.spatial(T.int64(8192), ax0_ax2_fused % T.int64(8192) + ax1)
                        v2 = T.axis.reduce(T.int64(32), ax2_fused_0 * T.int64(256) + ax2_fused_1)
                        T.where(ax2_fused_0 * T.int64(256) + ax2_fused_1 < T.int64(32))
                        T.reads(input[T.int64(0), v0, v2, v1])
                        T.writes(T_softmax_maxelem_shared[T.int64(0), v0, v1])
                        with T.init():
                            T_softmax_maxelem_shared[T.int64(0), v0, v1] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem_shared[T.int64(0), v0, v1] = T.max(T_softmax_maxelem_shared[T.int64(0), v0, v1], input[T.int64(0), v0, v2, v1])
        for ax0, ax1 in T.grid(T.int64(1), T.int64(1)):
            for ax2_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax2_fused_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_expsum"):
                        v0 = T.axis.spatial(T.int64(4), ax0_ax2_fused // T.int64(8192) + ax0)
                        v1 = T.axis.spatial(T.int64(8192), ax0_ax2_fused % T.int64(8192) + ax1)
                        v2 = T.axis.reduce(T.int64(32), ax2_fused_0 * T.int64(256) + ax2_fused_1)
                        T.where(ax2_fused_0 * T.int64(256) + ax2_fused_1 < T.int64(32))
                        T.reads(input[T.int64(0), v0, v2, v1], T_softmax_maxelem_shared[T.int64(0), v0, v1])
                        T.writes(T_softmax_expsum_shared[T.int64(0), v0, v1])
                        with T.init():
                            T_softmax_expsum_shared[T.int64(0), v0, v1] = T.float32(0.0)
                        T_softmax_expsum_shared[T.int64(0), v0, v1] = T_softmax_expsum_shared[T.int64(0), v0, v1] + T.exp(input[T.int64(0), v0, v2, v1] - T_softmax_maxelem_shared[T.int64(0), v0, v1])
        for ax1_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            for ax1_0 in T.serial(T.int64(1), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_norm"):
                    v0 = T.axis.spatial(T.int64(4), ax0_ax2_fused // T.int64(8192))
                    v1 = T.axis.spatial(T.int64(32), ax1_0 * T.int64(256) + ax1_1)
                    v2 = T.axis.spatial(T.int64(8192), ax0_ax2_fused % T.int64(8192))
                    T.where(ax1_0 * T.int64(256) + ax1_1 < T.int64(32))
                    T.reads(input[T.int64(0), v0, v1, v2], T_softmax_maxelem_shared[T.int64(0), v0, v2], T_softmax_expsum_shared[T.int64(0), v0, v2])
                    T.writes(T_softmax_norm[T.int64(0), v0, v1, v2])
                    T.sblock_attr({"axis": 2})
                    T_softmax_norm[T.int64(0), v0, v1, v2] = T.exp(input[T.int64(0), v0, v1, v2] - T_softmax_maxelem_shared[T.int64(0), v0, v2]) / T_softmax_expsum_shared[T.int64(0), v0, v2]

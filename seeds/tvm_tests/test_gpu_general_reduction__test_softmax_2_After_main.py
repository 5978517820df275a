# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((T.int64(1), T.int64(1), T.int64(32000)), "float32"), T_softmax_norm: T.Buffer((T.int64(1), T.int64(1), T.int64(32000)), "float32")):
    T.func_attr({"tirx.is_scheduled": True})
    # with T.sblock("root"):
    T_softmax_maxelem_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(1)), scope="shared")
    T_softmax_expsum_shared = T.sblock_alloc_buffer((T.int64(1), T.int64(1)), scope="shared")
    for ax0_fused in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(125), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_maxelem"):
                        v0 = T.axis.spatial(T.int64(1), ax0)
                        v1 = T.axis.reduce(T.int64(32000), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.reads(A[T.int64(0), T.int64(0), v1])
                        T.writes(T_softmax_maxelem_shared[T.int64(0), T.int64(0)])
                        with T.init():
                            T_softmax_maxelem_shared[T.int64(0), T.int64(0)] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem_shared[T.int64(0), T.int64(0)] = T.max(T_softmax_maxelem_shared[T.int64(0), T.int64(0)], A[T.int64(0), T.int64(0), v1])
        for ax0 in range(T.int64(1)):
            for ax1_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(T.int64(125), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("T_softmax_expsum"):
                        v0 = T.axis.spatial(T.int64(1), ax0)
                        v1 = T.axis.reduce(T.int64(32000), ax1_fused_0 * T.int64(256) + ax1_fused_1)
                        T.reads(A[T.int64(0), T.int64(0), v1], T_softmax_maxelem_shared[T.int64(0), T.int64(0)])
                        T.writes(T_softmax_expsum_shared[T.int64(0), T.int64(0)])
                        with T.init():
                            T_softmax_expsum_shared[T.int64(0), T.int64(0)] = T.float32(0.0)
                        T_softmax_expsum_shared[T.int64(0), T.int64(0)] = T_softmax_expsum_shared[T.int64(0), T.int64(0)] + T.exp(A[T.int64(0), T.int64(0), v1] - T_softmax_maxelem_shared[T.int64(0), T.int64(0)])
        for ax1_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            for ax1_0 in T.serial(T.int64(125), annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_softmax_norm"):
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v1 = T.axis.spatial(T.int64(32000), ax1_0 * T.int64(256) + ax1_1)
                    T.reads(A[T.int64(0), T.int64(0), v1], T_softmax_maxelem_shared[T.int64(0), T.int64(0)], T_softmax_expsum_shared[T.int64(0), T.int64(0)])
                    T.writes(T_softmax_norm[T.int64(0), T.int64(0), v1])
                    T.sblock_attr({"axis": 2})
                    T_softmax_norm[T.int64(0), T.int64(0), v1] = T.exp(A[T.int64(0), T.int64(0), v1] - T_softmax_maxelem_shared[T.int64(0), T.int64(0)]) / T_softmax_expsum_shared[T.int64(0), T.int64(0)]

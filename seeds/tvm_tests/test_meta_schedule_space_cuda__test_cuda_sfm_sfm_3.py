# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), T_softmax_norm: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 0})
        T_softmax_maxelem_shared = T.sblock_alloc_buffer((256,), scope="shared")
        T_softmax_expsum_shared = T.sblock_alloc_buffer((256,), scope="shared")
        for i0_fused in T.thread_binding(256, thread="blockIdx.x"):
            for ax0, ax1_0 in T.grid(1, 1):
                for ax1_1 in T.thread_binding(512, thread="threadIdx.x"):
                    with T.sblock("T_softmax_maxelem"):
                        v_i0 = T.axis.spatial(256, i0_fused + ax0)
                        v_k = T.axis.reduce(256, ax1_0 * 512 + ax1_1)
                        T.where(ax1_0 * 512 + ax1_1 < 256)
                        T.reads(A[v_i0, v_k])
                        T.writes(T_softmax_maxelem_shared[v_i0])
                        with T.init():
                            T_softmax_maxelem_shared[v_i0] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem_shared[v_i0] = T.max(T_softmax_maxelem_shared[v_i0], A[v_i0, v_k])
            for ax0, ax1_0 in T.grid(1, 1):
                for ax1_1 in T.thread_binding(512, thread="threadIdx.x"):
                    with T.sblock("T_softmax_expsum"):
                        v_i0 = T.axis.spatial(256, i0_fused + ax0)
                        v_k = T.axis.reduce(256, ax1_0 * 512 + ax1_1)
                        T.where(ax1_0 * 512 + ax1_1 < 256)
                        T.reads(A[v_i0, v_k], T_softmax_maxelem_shared[v_i0])
                        T.writes(T_softmax_expsum_shared[v_i0])
                        with T.init():
                            T_softmax_expsum_shared[v_i0] = T.float32(0.0)
                        T_softmax_expsum_shared[v_i0] = T_softmax_expsum_shared[v_i0] + T.exp(A[v_i0, v_k] - T_softmax_maxelem_shared[v_i0])
            for i1_0 in range(1):
                for i1_1 in T.thread_binding(512, thread="threadIdx.x"):
                    with T.sblock("T_softmax_norm"):
                        v_i0 = T.axis.spatial(256, i0_fused)
                        v_i1 = T.axis.spatial(256, i1_0 * 512 + i1_1)
                        T.where(i1_0 * 512 + i1_1 < 256)
                        T.reads(A[v_i0, v_i1], T_softmax_maxelem_shared[v_i0], T_softmax_expsum_shared[v_i0])
                        T.writes(T_softmax_norm[v_i0, v_i1])
                        T.sblock_attr({"axis": 1})
                        T_softmax_norm[v_i0, v_i1] = T.exp(A[v_i0, v_i1] - T_softmax_maxelem_shared[v_i0]) / T_softmax_expsum_shared[v_i0]

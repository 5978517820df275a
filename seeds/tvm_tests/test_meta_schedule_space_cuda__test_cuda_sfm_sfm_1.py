# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), T_softmax_norm: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 16})
        T_softmax_maxelem = T.sblock_alloc_buffer((256,))
        T_softmax_expsum = T.sblock_alloc_buffer((256,))
        for i0_fused in T.thread_binding(256, thread="blockIdx.x"):
            for k_0 in range(64):
                for k_1 in T.thread_binding(4, thread="threadIdx.x"):
                    with T.sblock("T_softmax_maxelem"):
                        v_i0 = T.axis.spatial(256, i0_fused)
                        v_k = T.axis.reduce(256, k_0 * 4 + k_1)
                        T.reads(A[v_i0, v_k])
                        T.writes(T_softmax_maxelem[v_i0])
                        with T.init():
                            T_softmax_maxelem[v_i0] = T.float32(-340282346638528859811704183484516925440.0)
                        T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], A[v_i0, v_k])
        for i0_fused_0 in T.thread_binding(4, thread="blockIdx.x"):
            for i0_fused_1 in T.thread_binding(64, thread="threadIdx.x"):
                for k in range(256):
                    with T.sblock("T_softmax_expsum"):
                        v_i0 = T.axis.spatial(256, i0_fused_0 * 64 + i0_fused_1)
                        v_k = T.axis.reduce(256, k)
                        T.reads(A[v_i0, v_k], T_softmax_maxelem[v_i0])
                        T.writes(T_softmax_expsum[v_i0])
                        with T.init():
                            T_softmax_expsum[v_i0] = T.float32(0.0)
                        T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T.exp(A[v_i0, v_k] - T_softmax_maxelem[v_i0])
        for i0_i1_fused_0 in T.thread_binding(256, thread="blockIdx.x"):
            for i0_i1_fused_1 in T.thread_binding(256, thread="threadIdx.x"):
                with T.sblock("T_softmax_norm"):
                    v_i0 = T.axis.spatial(256, (i0_i1_fused_0 * 256 + i0_i1_fused_1) // 256)
                    v_i1 = T.axis.spatial(256, (i0_i1_fused_0 * 256 + i0_i1_fused_1) % 256)
                    T.reads(A[v_i0, v_i1], T_softmax_maxelem[v_i0], T_softmax_expsum[v_i0])
                    T.writes(T_softmax_norm[v_i0, v_i1])
                    T.sblock_attr({"axis": 1})
                    T_softmax_norm[v_i0, v_i1] = T.exp(A[v_i0, v_i1] - T_softmax_maxelem[v_i0]) / T_softmax_expsum[v_i0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), T_softmax_norm: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((256,))
    T_softmax_exp = T.sblock_alloc_buffer((256, 256))
    T_softmax_expsum_shared = T.sblock_alloc_buffer((256,), scope="shared")
    for i0, i1 in T.grid(256, 256):
        with T.sblock("T_softmax_maxelem"):
            i0_1, k = T.axis.remap("SR", [i0, i1])
            T.reads(A[i0_1, k])
            T.writes(T_softmax_maxelem[i0_1])
            with T.init():
                T_softmax_maxelem[i0_1] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[i0_1] = T.max(T_softmax_maxelem[i0_1], A[i0_1, k])
    for i0, i1 in T.grid(256, 256):
        with T.sblock("T_softmax_exp"):
            i0_2, i1_1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[i0_2, i1_1], T_softmax_maxelem[i0_2])
            T.writes(T_softmax_exp[i0_2, i1_1])
            T_softmax_exp[i0_2, i1_1] = T.exp(A[i0_2, i1_1] - T_softmax_maxelem[i0_2])
    for i0_3 in range(256):
        for ax0, ax1_0 in T.grid(1, 32):
            for ax1_1 in T.thread_binding(8, thread="threadIdx.x"):
                with T.sblock("T_softmax_expsum"):
                    i0_4 = T.axis.spatial(256, i0_3 + ax0)
                    k = T.axis.reduce(256, ax1_0 * 8 + ax1_1)
                    T.reads(T_softmax_exp[i0_4, k])
                    T.writes(T_softmax_expsum_shared[i0_4])
                    with T.init():
                        T_softmax_expsum_shared[i0_4] = T.float32(0.0)
                    T_softmax_expsum_shared[i0_4] = T_softmax_expsum_shared[i0_4] + T_softmax_exp[i0_4, k]
        for i1_0 in range(32):
            for i1_1_1 in T.thread_binding(8, thread="threadIdx.x"):
                with T.sblock("T_softmax_norm"):
                    i0_5 = T.axis.spatial(256, i0_3)
                    i1 = T.axis.spatial(256, i1_0 * 8 + i1_1_1)
                    T.reads(T_softmax_exp[i0_5, i1], T_softmax_expsum_shared[i0_5])
                    T.writes(T_softmax_norm[i0_5, i1])
                    T.sblock_attr({"axis": 1})
                    T_softmax_norm[i0_5, i1] = T_softmax_exp[i0_5, i1] / T_softmax_expsum_shared[i0_5]

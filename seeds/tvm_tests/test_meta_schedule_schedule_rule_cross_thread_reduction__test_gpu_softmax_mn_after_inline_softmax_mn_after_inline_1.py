# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def softmax_mn_after_inline_1(A: T.Buffer((256, 256), "float32"), T_softmax_norm: T.Buffer((256, 256), "float32")):
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((256,))
    T_softmax_expsum = T.sblock_alloc_buffer((256,))
    for i0, i1_0 in T.grid(256, 4):
        for i1_1 in T.thread_binding(64, thread="threadIdx.x"):
            with T.sblock("T_softmax_maxelem"):
                i0_1 = T.axis.spatial(256, i0)
                k = T.axis.reduce(256, i1_0 * 64 + i1_1)
                T.reads(A[i0_1, k])
                T.writes(T_softmax_maxelem[i0_1])
                with T.init():
                    T_softmax_maxelem[i0_1] = T.float32(-340282346638528859811704183484516925440.0)
                T_softmax_maxelem[i0_1] = T.max(T_softmax_maxelem[i0_1], A[i0_1, k])
    for i0, i1 in T.grid(256, 256):
        with T.sblock("T_softmax_expsum"):
            i0_2, k = T.axis.remap("SR", [i0, i1])
            T.reads(A[i0_2, k], T_softmax_maxelem[i0_2])
            T.writes(T_softmax_expsum[i0_2])
            with T.init():
                T_softmax_expsum[i0_2] = T.float32(0.0)
            T_softmax_expsum[i0_2] = T_softmax_expsum[i0_2] + T.exp(A[i0_2, k] - T_softmax_maxelem[i0_2])
    for i0_3, i1 in T.grid(256, 256):
        with T.sblock("T_softmax_norm"):
            i0_4, i1_1 = T.axis.remap("SS", [i0_3, i1])
            T.reads(A[i0_4, i1_1], T_softmax_maxelem[i0_4], T_softmax_expsum[i0_4])
            T.writes(T_softmax_norm[i0_4, i1_1])
            T.sblock_attr({"axis": 1})
            T_softmax_norm[i0_4, i1_1] = T.exp(A[i0_4, i1_1] - T_softmax_maxelem[i0_4]) / T_softmax_expsum[i0_4]

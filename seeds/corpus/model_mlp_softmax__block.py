# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(add1: T.Buffer((T.int64(4), T.int64(8)), "float32"), T_softmax_norm: T.Buffer((T.int64(4), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((T.int64(4),))
    T_softmax_exp = T.sblock_alloc_buffer((T.int64(4), T.int64(8)))
    T_softmax_expsum = T.sblock_alloc_buffer((T.int64(4),))
    for i0, k in T.grid(T.int64(4), T.int64(8)):
        with T.sblock("T_softmax_maxelem"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(add1[v_i0, v_k])
            T.writes(T_softmax_maxelem[v_i0])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], add1[v_i0, v_k])
    for i0, i1 in T.grid(T.int64(4), T.int64(8)):
        with T.sblock("T_softmax_exp"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(add1[v_i0, v_i1], T_softmax_maxelem[v_i0])
            T.writes(T_softmax_exp[v_i0, v_i1])
            T_softmax_exp[v_i0, v_i1] = T.exp(add1[v_i0, v_i1] - T_softmax_maxelem[v_i0])
    for i0, k in T.grid(T.int64(4), T.int64(8)):
        with T.sblock("T_softmax_expsum"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(T_softmax_exp[v_i0, v_k])
            T.writes(T_softmax_expsum[v_i0])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0.0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_i0, v_k]
    for i0, i1 in T.grid(T.int64(4), T.int64(8)):
        with T.sblock("T_softmax_norm"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_softmax_exp[v_i0, v_i1], T_softmax_expsum[v_i0])
            T.writes(T_softmax_norm[v_i0, v_i1])
            T.sblock_attr({"axis": 1})
            T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]

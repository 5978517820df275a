# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add1: T.Buffer((T.int64(4), T.int64(8)), "float32", layout=None), T_softmax_norm: T.Buffer((T.int64(4), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((T.int64(4),), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_exp = T.alloc_buffer((T.int64(4), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_expsum = T.alloc_buffer((T.int64(4),), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, k in T.grid(T.int64(4), T.int64(8)):
        if k == T.int64(0):
            T_softmax_maxelem[i0] = T.float32(-340282346638528859811704183484516925440.0)
        T_softmax_maxelem[i0] = T.max(T_softmax_maxelem[i0], add1[i0, k])
    for i0, i1 in T.grid(T.int64(4), T.int64(8)):
        T_softmax_exp[i0, i1] = T.exp(add1[i0, i1] - T_softmax_maxelem[i0])
    for i0, k in T.grid(T.int64(4), T.int64(8)):
        if k == T.int64(0):
            T_softmax_expsum[i0] = T.float32(0.0)
        T_softmax_expsum[i0] = T_softmax_expsum[i0] + T_softmax_exp[i0, k]
    for i0, i1 in T.grid(T.int64(4), T.int64(8)):
        T_softmax_norm[i0, i1] = T_softmax_exp[i0, i1] / T_softmax_expsum[i0]

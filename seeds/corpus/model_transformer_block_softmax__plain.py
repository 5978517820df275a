# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(divide: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32", layout=None), T_softmax_norm: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_exp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_expsum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, k in T.grid(T.int64(2), T.int64(4), T.int64(4)):
        if k == T.int64(0):
            T_softmax_maxelem[T.int64(0), i1, i2] = T.float32(-340282346638528859811704183484516925440.0)
        T_softmax_maxelem[T.int64(0), i1, i2] = T.max(T_softmax_maxelem[T.int64(0), i1, i2], divide[T.int64(0), i1, i2, k])
    for i1, i2, i3 in T.grid(T.int64(2), T.int64(4), T.int64(4)):
        T_softmax_exp[T.int64(0), i1, i2, i3] = T.exp(divide[T.int64(0), i1, i2, i3] - T_softmax_maxelem[T.int64(0), i1, i2])
    for i1, i2, k in T.grid(T.int64(2), T.int64(4), T.int64(4)):
        if k == T.int64(0):
            T_softmax_expsum[T.int64(0), i1, i2] = T.float32(0.0)
        T_softmax_expsum[T.int64(0), i1, i2] = T_softmax_expsum[T.int64(0), i1, i2] + T_softmax_exp[T.int64(0), i1, i2, k]
    for i1, i2, i3 in T.grid(T.int64(2), T.int64(4), T.int64(4)):
        T_softmax_norm[T.int64(0), i1, i2, i3] = T_softmax_exp[T.int64(0), i1, i2, i3] / T_softmax_expsum[T.int64(0), i1, i2]

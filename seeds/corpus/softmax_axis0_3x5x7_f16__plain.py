# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 5, 7), "float16", layout=None), T_softmax_norm: T.Buffer((3, 5, 7), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((5, 7), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_exp = T.alloc_buffer((3, 5, 7), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_expsum = T.alloc_buffer((5, 7), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1, k in T.grid(5, 7, 3):
        if k == 0:
            T_softmax_maxelem[i0, i1] = T.float16(-65504.0)
        T_softmax_maxelem[i0, i1] = T.max(T_softmax_maxelem[i0, i1], A[k, i0, i1])
    for i0, i1, i2 in T.grid(3, 5, 7):
        T_softmax_exp[i0, i1, i2] = T.exp(A[i0, i1, i2] - T_softmax_maxelem[i1, i2])
    for i0, i1, k in T.grid(5, 7, 3):
        if k == 0:
            T_softmax_expsum[i0, i1] = T.float16(0.0)
        T_softmax_expsum[i0, i1] = T_softmax_expsum[i0, i1] + T_softmax_exp[k, i0, i1]
    for i0, i1, i2 in T.grid(3, 5, 7):
        T_softmax_norm[i0, i1, i2] = T_softmax_exp[i0, i1, i2] / T_softmax_expsum[i1, i2]

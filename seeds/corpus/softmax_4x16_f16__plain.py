# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float16", layout=None), T_softmax_norm: T.Buffer((4, 16), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((4,), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_exp = T.alloc_buffer((4, 16), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_expsum = T.alloc_buffer((4,), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, k in T.grid(4, 16):
        if k == 0:
            T_softmax_maxelem[i0] = T.float16(-65504.0)
        T_softmax_maxelem[i0] = T.max(T_softmax_maxelem[i0], A[i0, k])
    for i0, i1 in T.grid(4, 16):
        T_softmax_exp[i0, i1] = T.exp(A[i0, i1] - T_softmax_maxelem[i0])
    for i0, k in T.grid(4, 16):
        if k == 0:
            T_softmax_expsum[i0] = T.float16(0.0)
        T_softmax_expsum[i0] = T_softmax_expsum[i0] + T_softmax_exp[i0, k]
    for i0, i1 in T.grid(4, 16):
        T_softmax_norm[i0, i1] = T_softmax_exp[i0, i1] / T_softmax_expsum[i0]

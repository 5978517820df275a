# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((5, 3), "float32", layout=None), compute: T.Buffer((5, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((3,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute_1 = T.alloc_buffer((3,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, k in T.grid(3, 5):
        if k == 0:
            T_softmax_maxelem[i0] = T.float32(-340282346638528859811704183484516925440.0)
        T_softmax_maxelem[i0] = T.max(T_softmax_maxelem[i0], A[k, i0])
    for i0, k in T.grid(3, 5):
        if k == 0:
            compute_1[i0] = T.float32(0.0)
        compute_1[i0] = compute_1[i0] + T.exp(A[k, i0] - T_softmax_maxelem[i0])
    for i0, i1 in T.grid(5, 3):
        compute[i0, i1] = A[i0, i1] - T_softmax_maxelem[i1] - T.log(compute_1[i1])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), T_multiply: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_multiply_1 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_2 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_3 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_4 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_5 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add_1 = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(4, 8):
        T_multiply_1[ax0, ax1] = A[ax0, ax1] * T.float32(0.5)
    for ax0, ax1 in T.grid(4, 8):
        T_multiply_2[ax0, ax1] = A[ax0, ax1] * A[ax0, ax1]
    for ax0, ax1 in T.grid(4, 8):
        T_multiply_3[ax0, ax1] = T_multiply_2[ax0, ax1] * A[ax0, ax1]
    for ax0, ax1 in T.grid(4, 8):
        T_multiply_4[ax0, ax1] = T_multiply_3[ax0, ax1] * T.float32(0.044714999999999998)
    for ax0, ax1 in T.grid(4, 8):
        T_add[ax0, ax1] = A[ax0, ax1] + T_multiply_4[ax0, ax1]
    for ax0, ax1 in T.grid(4, 8):
        T_multiply_5[ax0, ax1] = T_add[ax0, ax1] * T.float32(0.79788456080000003)
    for i0, i1 in T.grid(4, 8):
        compute[i0, i1] = T.tanh(T_multiply_5[i0, i1])
    for ax0, ax1 in T.grid(4, 8):
        T_add_1[ax0, ax1] = compute[ax0, ax1] + T.float32(1.0)
    for ax0, ax1 in T.grid(4, 8):
        T_multiply[ax0, ax1] = T_multiply_1[ax0, ax1] * T_add_1[ax0, ax1]

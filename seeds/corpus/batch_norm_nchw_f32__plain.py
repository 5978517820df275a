# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 5, 5), "float32", layout=None), gamma: T.Buffer((4,), "float32", layout=None), beta: T.Buffer((4,), "float32", layout=None), mean: T.Buffer((4,), "float32", layout=None), var: T.Buffer((4,), "float32", layout=None), T_add: T.Buffer((2, 4, 5, 5), "float32", layout=None), T_multiply: T.Buffer((4,), "float32", layout=None), T_multiply_1: T.Buffer((4,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_reshape = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_subtract = T.alloc_buffer((2, 4, 5, 5), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_1 = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add_1 = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_divide = T.alloc_buffer((2, 4, 5, 5), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_2 = T.alloc_buffer((2, 4, 5, 5), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((1, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1 in range(4):
        T_reshape[0, ax1, 0, 0] = mean[T.Add(T.Add(ax1, 0), 0) % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 5, 5):
        T_subtract[ax0, ax1, ax2, ax3] = A[ax0, ax1, ax2, ax3] - T_reshape[0, ax1, 0, 0]
    for ax1 in range(4):
        T_reshape_1[0, ax1, 0, 0] = var[T.Add(T.Add(ax1, 0), 0) % 4]
    for ax1 in range(4):
        T_add_1[0, ax1, 0, 0] = T_reshape_1[0, ax1, 0, 0] + T.float32(1.0000000000000001e-05)
    for i1 in range(4):
        compute[0, i1, 0, 0] = T.sqrt(T_add_1[0, i1, 0, 0])
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 5, 5):
        T_divide[ax0, ax1, ax2, ax3] = T_subtract[ax0, ax1, ax2, ax3] / compute[0, ax1, 0, 0]
    for ax1 in range(4):
        T_reshape_2[0, ax1, 0, 0] = gamma[T.Add(T.Add(ax1, 0), 0) % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 5, 5):
        T_multiply_2[ax0, ax1, ax2, ax3] = T_divide[ax0, ax1, ax2, ax3] * T_reshape_2[0, ax1, 0, 0]
    for ax1 in range(4):
        T_reshape_3[0, ax1, 0, 0] = beta[T.Add(T.Add(ax1, 0), 0) % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 5, 5):
        T_add[ax0, ax1, ax2, ax3] = T_multiply_2[ax0, ax1, ax2, ax3] + T_reshape_3[0, ax1, 0, 0]
    for ax0 in range(4):
        T_multiply[ax0] = mean[ax0]
    for ax0 in range(4):
        T_multiply_1[ax0] = var[ax0]

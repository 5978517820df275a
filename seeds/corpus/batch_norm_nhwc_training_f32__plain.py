# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 5, 5, 4), "float32", layout=None), gamma: T.Buffer((4,), "float32", layout=None), beta: T.Buffer((4,), "float32", layout=None), mean: T.Buffer((4,), "float32", layout=None), var: T.Buffer((4,), "float32", layout=None), T_add: T.Buffer((2, 5, 5, 4), "float32", layout=None), T_add_1: T.Buffer((4,), "float32", layout=None), T_add_2: T.Buffer((4,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_divide = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_subtract = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_subtract_1 = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_subtract_2 = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_red = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_divide_1 = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_1 = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add_3 = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_divide_2 = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_1 = T.alloc_buffer((2, 5, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((1, 1, 1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_2 = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_3 = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_4 = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_5 = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, k0, k1, k2 in T.grid(4, 2, 5, 5):
        if k0 == 0 and k1 == 0 and k2 == 0:
            A_red[ax0] = T.float32(0.0)
        A_red[ax0] = A_red[ax0] + A[k0, k1, k2, ax0]
    for ax0 in range(4):
        T_divide[ax0] = A_red[ax0] / T.float32(50.0)
    for ax3 in range(4):
        T_reshape[0, 0, 0, ax3] = T_divide[ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_subtract[ax0, ax1, ax2, ax3] = A[ax0, ax1, ax2, ax3] - T_reshape[0, 0, 0, ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_subtract_1[ax0, ax1, ax2, ax3] = A[ax0, ax1, ax2, ax3] - T_reshape[0, 0, 0, ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_subtract_2[ax0, ax1, ax2, ax3] = A[ax0, ax1, ax2, ax3] - T_reshape[0, 0, 0, ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_multiply[ax0, ax1, ax2, ax3] = T_subtract_1[ax0, ax1, ax2, ax3] * T_subtract_2[ax0, ax1, ax2, ax3]
    for ax0, k0, k1, k2 in T.grid(4, 2, 5, 5):
        if k0 == 0 and k1 == 0 and k2 == 0:
            T_multiply_red[ax0] = T.float32(0.0)
        T_multiply_red[ax0] = T_multiply_red[ax0] + T_multiply[k0, k1, k2, ax0]
    for ax0 in range(4):
        T_divide_1[ax0] = T_multiply_red[ax0] / T.float32(50.0)
    for ax3 in range(4):
        T_reshape_1[0, 0, 0, ax3] = T_divide_1[ax3 % 4]
    for ax3 in range(4):
        T_add_3[0, 0, 0, ax3] = T_reshape_1[0, 0, 0, ax3] + T.float32(1.0000000000000001e-05)
    for i3 in range(4):
        compute[0, 0, 0, i3] = T.sqrt(T_add_3[0, 0, 0, i3])
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_divide_2[ax0, ax1, ax2, ax3] = T_subtract[ax0, ax1, ax2, ax3] / compute[0, 0, 0, ax3]
    for ax3 in range(4):
        T_reshape_2[0, 0, 0, ax3] = gamma[ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_multiply_1[ax0, ax1, ax2, ax3] = T_divide_2[ax0, ax1, ax2, ax3] * T_reshape_2[0, 0, 0, ax3]
    for ax3 in range(4):
        T_reshape_3[0, 0, 0, ax3] = beta[ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        T_add[ax0, ax1, ax2, ax3] = T_multiply_1[ax0, ax1, ax2, ax3] + T_reshape_3[0, 0, 0, ax3]
    for ax0 in range(4):
        T_multiply_2[ax0] = T.float32(0.90000000000000002) * mean[ax0]
    for ax0 in range(4):
        T_multiply_3[ax0] = T.float32(0.10000000000000001) * T_divide[ax0]
    for ax0 in range(4):
        T_add_1[ax0] = T_multiply_2[ax0] + T_multiply_3[ax0]
    for ax0 in range(4):
        T_multiply_4[ax0] = T.float32(0.90000000000000002) * var[ax0]
    for ax0 in range(4):
        T_multiply_5[ax0] = T.float32(0.10000000000000001) * T_divide_1[ax0]
    for ax0 in range(4):
        T_add_2[ax0] = T_multiply_4[ax0] + T_multiply_5[ax0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(conv2d: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32", layout=None), bn_gamma: T.Buffer((T.int64(8),), "float32", layout=None), bn_beta: T.Buffer((T.int64(8),), "float32", layout=None), bn_mean: T.Buffer((T.int64(8),), "float32", layout=None), bn_var: T.Buffer((T.int64(8),), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32", layout=None), T_multiply: T.Buffer((T.int64(8),), "float32", layout=None), T_multiply_1: T.Buffer((T.int64(8),), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_reshape = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_subtract = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_1 = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add_1 = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_divide = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_2 = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1 in range(T.int64(8)):
        T_reshape[T.int64(0), ax1, T.int64(0), T.int64(0)] = bn_mean[T.Add(T.Add(ax1, T.int64(0)), T.int64(0)) % T.int64(8)]
    for ax1, ax2, ax3 in T.grid(T.int64(8), T.int64(8), T.int64(8)):
        T_subtract[T.int64(0), ax1, ax2, ax3] = conv2d[T.int64(0), ax1, ax2, ax3] - T_reshape[T.int64(0), ax1, T.int64(0), T.int64(0)]
    for ax1 in range(T.int64(8)):
        T_reshape_1[T.int64(0), ax1, T.int64(0), T.int64(0)] = bn_var[T.Add(T.Add(ax1, T.int64(0)), T.int64(0)) % T.int64(8)]
    for ax1 in range(T.int64(8)):
        T_add_1[T.int64(0), ax1, T.int64(0), T.int64(0)] = T_reshape_1[T.int64(0), ax1, T.int64(0), T.int64(0)] + T.float32(1.0000000000000001e-05)
    for i1 in range(T.int64(8)):
        compute[T.int64(0), i1, T.int64(0), T.int64(0)] = T.sqrt(T_add_1[T.int64(0), i1, T.int64(0), T.int64(0)])
    for ax1, ax2, ax3 in T.grid(T.int64(8), T.int64(8), T.int64(8)):
        T_divide[T.int64(0), ax1, ax2, ax3] = T_subtract[T.int64(0), ax1, ax2, ax3] / compute[T.int64(0), ax1, T.int64(0), T.int64(0)]
    for ax1 in range(T.int64(8)):
        T_reshape_2[T.int64(0), ax1, T.int64(0), T.int64(0)] = bn_gamma[T.Add(T.Add(ax1, T.int64(0)), T.int64(0)) % T.int64(8)]
    for ax1, ax2, ax3 in T.grid(T.int64(8), T.int64(8), T.int64(8)):
        T_multiply_2[T.int64(0), ax1, ax2, ax3] = T_divide[T.int64(0), ax1, ax2, ax3] * T_reshape_2[T.int64(0), ax1, T.int64(0), T.int64(0)]
    for ax1 in range(T.int64(8)):
        T_reshape_3[T.int64(0), ax1, T.int64(0), T.int64(0)] = bn_beta[T.Add(T.Add(ax1, T.int64(0)), T.int64(0)) % T.int64(8)]
    for ax1, ax2, ax3 in T.grid(T.int64(8), T.int64(8), T.int64(8)):
        T_add[T.int64(0), ax1, ax2, ax3] = T_multiply_2[T.int64(0), ax1, ax2, ax3] + T_reshape_3[T.int64(0), ax1, T.int64(0), T.int64(0)]
    for ax0 in range(T.int64(8)):
        T_multiply[ax0] = bn_mean[ax0]
    for ax0 in range(T.int64(8)):
        T_multiply_1[ax0] = bn_var[ax0]

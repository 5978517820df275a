# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(x: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32", layout=None), norm_weight: T.Buffer((T.int64(8),), "float32", layout=None), T_cast: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_cast_1 = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_red = T.alloc_buffer((T.int64(1), T.int64(3)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    rsqrt = T.alloc_buffer((T.int64(1), T.int64(3)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_cast_2 = T.alloc_buffer((T.int64(8),), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_rms_norm = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(8)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2 in T.grid(T.int64(3), T.int64(8)):
        T_cast_1[T.int64(0), ax1, ax2] = x[T.int64(0), ax1, ax2]
    for ax1, ax2 in T.grid(T.int64(3), T.int64(8)):
        T_multiply[T.int64(0), ax1, ax2] = T_cast_1[T.int64(0), ax1, ax2] * T_cast_1[T.int64(0), ax1, ax2]
    for ax1, k2 in T.grid(T.int64(3), T.int64(8)):
        if k2 == T.int64(0):
            T_multiply_red[T.int64(0), ax1] = T.float32(0.0)
        T_multiply_red[T.int64(0), ax1] = T_multiply_red[T.int64(0), ax1] + T_multiply[T.int64(0), ax1, k2]
    for ax1 in range(T.int64(3)):
        rsqrt[T.int64(0), ax1] = T.rsqrt(T_multiply_red[T.int64(0), ax1] / T.float32(8.0) + T.float32(1.0000000000000001e-05))
    for ax0 in range(T.int64(8)):
        T_cast_2[ax0] = norm_weight[ax0]
    for ax1, ax2 in T.grid(T.int64(3), T.int64(8)):
        T_rms_norm[T.int64(0), ax1, ax2] = rsqrt[T.int64(0), ax1] * T_cast_1[T.int64(0), ax1, ax2] * T_cast_2[ax2]
    for ax1, ax2 in T.grid(T.int64(3), T.int64(8)):
        T_cast[T.int64(0), ax1, ax2] = T_rms_norm[T.int64(0), ax1, ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float32", layout=None), w: T.Buffer((16,), "float32", layout=None), T_cast: T.Buffer((4, 16), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_cast_1 = T.alloc_buffer((4, 16), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply = T.alloc_buffer((4, 16), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_red = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    rsqrt = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_cast_2 = T.alloc_buffer((16,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_rms_norm = T.alloc_buffer((4, 16), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(4, 16):
        T_cast_1[ax0, ax1] = A[ax0, ax1]
    for ax0, ax1 in T.grid(4, 16):
        T_multiply[ax0, ax1] = T_cast_1[ax0, ax1] * T_cast_1[ax0, ax1]
    for ax0, k1 in T.grid(4, 16):
        if k1 == 0:
            T_multiply_red[ax0] = T.float32(0.0)
        T_multiply_red[ax0] = T_multiply_red[ax0] + T_multiply[ax0, k1]
    for ax0 in range(4):
        rsqrt[ax0] = T.rsqrt(T_multiply_red[ax0] / T.float32(16.0) + T.float32(1.0000000000000001e-05))
    for ax0 in range(16):
        T_cast_2[ax0] = w[ax0]
    for ax0, ax1 in T.grid(4, 16):
        T_rms_norm[ax0, ax1] = rsqrt[ax0] * T_cast_1[ax0, ax1] * T_cast_2[ax1]
    for ax0, ax1 in T.grid(4, 16):
        T_cast[ax0, ax1] = T_rms_norm[ax0, ax1]

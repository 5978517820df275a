# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 6), "float16", layout=None), gamma: T.Buffer((8,), "float16", layout=None), beta: T.Buffer((8,), "float16", layout=None), T_reshape: T.Buffer((1, 8, 6), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_reshape_1 = T.alloc_buffer((1, 4, 2, 6), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_cast = T.alloc_buffer((1, 4, 2, 6), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v0 = T.alloc_buffer((1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v1 = T.alloc_buffer((1, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((4, 2), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((4, 2), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_group_norm = T.alloc_buffer((1, 4, 2, 6), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3 in T.grid(4, 2, 6):
        T_reshape_1[0, ax1, ax2, ax3] = A[0, (ax1 * 2 + ax3 // 6 + ax2) % 8, ax3 % 6]
    for ax1, ax2, ax3 in T.grid(4, 2, 6):
        T_cast[0, ax1, ax2, ax3] = T.Cast("float32", T_reshape_1[0, ax1, ax2, ax3])
    for ax1, k2, k3 in T.grid(4, 2, 6):
        if k2 == 0 and k3 == 0:
            A_red_temp_v0[0, ax1] = T.float32(0.0)
            A_red_temp_v1[0, ax1] = T.float32(0.0)
        v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[0, ax1] + T_cast[0, ax1, k2, k3]
        v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[0, ax1] + T_cast[0, ax1, k2, k3] * T_cast[0, ax1, k2, k3]
        A_red_temp_v0[0, ax1] = v_A_red_temp_v0
        A_red_temp_v1[0, ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(4, 2):
        T_reshape_2[ax0, ax1] = gamma[(ax0 * 2 + ax1) % 8]
    for ax0, ax1 in T.grid(4, 2):
        T_reshape_3[ax0, ax1] = beta[(ax0 * 2 + ax1) % 8]
    for ax1, ax2, ax3 in T.grid(4, 2, 6):
        T_group_norm[0, ax1, ax2, ax3] = T.Cast("float16", (T_cast[0, ax1, ax2, ax3] - A_red_temp_v0[0, ax1] / T.float32(12.0)) * T.rsqrt(A_red_temp_v1[0, ax1] / T.float32(12.0) - A_red_temp_v0[0, ax1] / T.float32(12.0) * (A_red_temp_v0[0, ax1] / T.float32(12.0)) + T.float32(1.0000000000000001e-05))) * T_reshape_2[ax1, ax2] + T_reshape_3[ax1, ax2]
    for ax1, ax2 in T.grid(8, 6):
        T_reshape[0, ax1, ax2] = T_group_norm[0, (ax2 // 6 + ax1) % 8 // 2, (ax2 // 6 + ax1) % 2, ax2 % 6]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 8, 4, 4), "float32", layout=None), gamma: T.Buffer((8,), "float32", layout=None), beta: T.Buffer((8,), "float32", layout=None), T_reshape: T.Buffer((2, 8, 4, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_reshape_1 = T.alloc_buffer((2, 2, 4, 4, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v0 = T.alloc_buffer((2, 2), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v1 = T.alloc_buffer((2, 2), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((2, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((2, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_group_norm = T.alloc_buffer((2, 2, 4, 4, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1, ax2, ax3, ax4 in T.grid(2, 2, 4, 4, 4):
        T_reshape_1[ax0, ax1, ax2, ax3, ax4] = A[((ax1 * 4 + (ax4 // 4 + ax3) // 4 + ax2) // 8 + ax0) % 2, (ax1 * 4 + (ax4 // 4 + ax3) // 4 + ax2) % 8, (ax4 // 4 + ax3) % 4, ax4 % 4]
    for ax0, ax1, k2, k3, k4 in T.grid(2, 2, 4, 4, 4):
        if k2 == 0 and k3 == 0 and k4 == 0:
            A_red_temp_v0[ax0, ax1] = T.float32(0.0)
            A_red_temp_v1[ax0, ax1] = T.float32(0.0)
        v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[ax0, ax1] + T_reshape_1[ax0, ax1, k2, k3, k4]
        v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[ax0, ax1] + T_reshape_1[ax0, ax1, k2, k3, k4] * T_reshape_1[ax0, ax1, k2, k3, k4]
        A_red_temp_v0[ax0, ax1] = v_A_red_temp_v0
        A_red_temp_v1[ax0, ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(2, 4):
        T_reshape_2[ax0, ax1] = gamma[(ax0 * 4 + ax1) % 8]
    for ax0, ax1 in T.grid(2, 4):
        T_reshape_3[ax0, ax1] = beta[(ax0 * 4 + ax1) % 8]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(2, 2, 4, 4, 4):
        T_group_norm[ax0, ax1, ax2, ax3, ax4] = (T_reshape_1[ax0, ax1, ax2, ax3, ax4] - A_red_temp_v0[ax0, ax1] / T.float32(64.0)) * T.rsqrt(A_red_temp_v1[ax0, ax1] / T.float32(64.0) - A_red_temp_v0[ax0, ax1] / T.float32(64.0) * (A_red_temp_v0[ax0, ax1] / T.float32(64.0)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[ax1, ax2] + T_reshape_3[ax1, ax2]
    for ax0, ax1, ax2, ax3 in T.grid(2, 8, 4, 4):
        T_reshape[ax0, ax1, ax2, ax3] = T_group_norm[(((ax3 // 4 + ax2) // 4 + ax1) // 8 + ax0) % 2, ((ax3 // 4 + ax2) // 4 + ax1) % 8 // 4, ((ax3 // 4 + ax2) // 4 + ax1) % 4, (ax3 // 4 + ax2) % 4, ax3 % 4]

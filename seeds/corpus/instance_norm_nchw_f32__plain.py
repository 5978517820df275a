# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 6, 6), "float32", layout=None), gamma: T.Buffer((4,), "float32", layout=None), beta: T.Buffer((4,), "float32", layout=None), T_instance_norm: T.Buffer((2, 4, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red_temp_v0 = T.alloc_buffer((2, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v1 = T.alloc_buffer((2, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1, k2, k3 in T.grid(2, 4, 6, 6):
        if k2 == 0 and k3 == 0:
            A_red_temp_v0[ax0, ax1] = T.float32(0.0)
            A_red_temp_v1[ax0, ax1] = T.float32(0.0)
        v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[ax0, ax1] + A[ax0, ax1, k2, k3]
        v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[ax0, ax1] + A[ax0, ax1, k2, k3] * A[ax0, ax1, k2, k3]
        A_red_temp_v0[ax0, ax1] = v_A_red_temp_v0
        A_red_temp_v1[ax0, ax1] = v_A_red_temp_v1
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 6, 6):
        T_instance_norm[ax0, ax1, ax2, ax3] = (A[ax0, ax1, ax2, ax3] - A_red_temp_v0[ax0, ax1] / T.float32(36.0)) * T.rsqrt(A_red_temp_v1[ax0, ax1] / T.float32(36.0) - A_red_temp_v0[ax0, ax1] / T.float32(36.0) * (A_red_temp_v0[ax0, ax1] / T.float32(36.0)) + T.float32(1.0000000000000001e-05)) * gamma[ax1] + beta[ax1]

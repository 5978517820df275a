# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 4, 6, 6), "float32"), gamma: T.Buffer((4,), "float32"), beta: T.Buffer((4,), "float32"), T_instance_norm: T.Buffer((2, 4, 6, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((2, 4))
    A_red_temp_v1 = T.sblock_alloc_buffer((2, 4))
    for ax0, ax1, k2, k3 in T.grid(2, 4, 6, 6):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k2, v_k3 = T.axis.remap("SSRR", [ax0, ax1, k2, k3])
            T.reads(A[v_ax0, v_ax1, v_k2, v_k3])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                A_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[v_ax0, v_ax1] + A[v_ax0, v_ax1, v_k2, v_k3]
            v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[v_ax0, v_ax1] + A[v_ax0, v_ax1, v_k2, v_k3] * A[v_ax0, v_ax1, v_k2, v_k3]
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1, ax2, ax3 in T.grid(2, 4, 6, 6):
        with T.sblock("T_instance_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2, v_ax3], A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1], gamma[v_ax1], beta[v_ax1])
            T.writes(T_instance_norm[v_ax0, v_ax1, v_ax2, v_ax3])
            T_instance_norm[v_ax0, v_ax1, v_ax2, v_ax3] = (A[v_ax0, v_ax1, v_ax2, v_ax3] - A_red_temp_v0[v_ax0, v_ax1] / T.float32(36.0)) * T.rsqrt(A_red_temp_v1[v_ax0, v_ax1] / T.float32(36.0) - A_red_temp_v0[v_ax0, v_ax1] / T.float32(36.0) * (A_red_temp_v0[v_ax0, v_ax1] / T.float32(36.0)) + T.float32(1.0000000000000001e-05)) * gamma[v_ax1] + beta[v_ax1]

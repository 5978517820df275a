# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 8, 4, 4), "float32"), gamma: T.Buffer((8,), "float32"), beta: T.Buffer((8,), "float32"), T_reshape: T.Buffer((2, 8, 4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape_1 = T.sblock_alloc_buffer((2, 2, 4, 4, 4))
    A_red_temp_v0 = T.sblock_alloc_buffer((2, 2))
    A_red_temp_v1 = T.sblock_alloc_buffer((2, 2))
    T_reshape_2 = T.sblock_alloc_buffer((2, 4))
    T_reshape_3 = T.sblock_alloc_buffer((2, 4))
    T_group_norm = T.sblock_alloc_buffer((2, 2, 4, 4, 4))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(2, 2, 4, 4, 4):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(A[((v_ax1 * 4 + (v_ax4 // 4 + v_ax3) // 4 + v_ax2) // 8 + v_ax0) % 2, (v_ax1 * 4 + (v_ax4 // 4 + v_ax3) // 4 + v_ax2) % 8, (v_ax4 // 4 + v_ax3) % 4, v_ax4 % 4])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = A[((v_ax1 * 4 + (v_ax4 // 4 + v_ax3) // 4 + v_ax2) // 8 + v_ax0) % 2, (v_ax1 * 4 + (v_ax4 // 4 + v_ax3) // 4 + v_ax2) % 8, (v_ax4 // 4 + v_ax3) % 4, v_ax4 % 4]
    for ax0, ax1, k2, k3, k4 in T.grid(2, 2, 4, 4, 4):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k2, v_k3, v_k4 = T.axis.remap("SSRRR", [ax0, ax1, k2, k3, k4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                A_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4] * T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(2, 4):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(gamma[(v_ax0 * 4 + v_ax1) % 8])
            T.writes(T_reshape_2[v_ax0, v_ax1])
            T_reshape_2[v_ax0, v_ax1] = gamma[(v_ax0 * 4 + v_ax1) % 8]
    for ax0, ax1 in T.grid(2, 4):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(beta[(v_ax0 * 4 + v_ax1) % 8])
            T.writes(T_reshape_3[v_ax0, v_ax1])
            T_reshape_3[v_ax0, v_ax1] = beta[(v_ax0 * 4 + v_ax1) % 8]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(2, 2, 4, 4, 4):
        with T.sblock("T_group_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1], T_reshape_2[v_ax1, v_ax2], T_reshape_3[v_ax1, v_ax2])
            T.writes(T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = (T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] - A_red_temp_v0[v_ax0, v_ax1] / T.float32(64.0)) * T.rsqrt(A_red_temp_v1[v_ax0, v_ax1] / T.float32(64.0) - A_red_temp_v0[v_ax0, v_ax1] / T.float32(64.0) * (A_red_temp_v0[v_ax0, v_ax1] / T.float32(64.0)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[v_ax1, v_ax2] + T_reshape_3[v_ax1, v_ax2]
    for ax0, ax1, ax2, ax3 in T.grid(2, 8, 4, 4):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_group_norm[(((v_ax3 // 4 + v_ax2) // 4 + v_ax1) // 8 + v_ax0) % 2, ((v_ax3 // 4 + v_ax2) // 4 + v_ax1) % 8 // 4, ((v_ax3 // 4 + v_ax2) // 4 + v_ax1) % 4, (v_ax3 // 4 + v_ax2) % 4, v_ax3 % 4])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = T_group_norm[(((v_ax3 // 4 + v_ax2) // 4 + v_ax1) // 8 + v_ax0) % 2, ((v_ax3 // 4 + v_ax2) // 4 + v_ax1) % 8 // 4, ((v_ax3 // 4 + v_ax2) // 4 + v_ax1) % 4, (v_ax3 // 4 + v_ax2) % 4, v_ax3 % 4]

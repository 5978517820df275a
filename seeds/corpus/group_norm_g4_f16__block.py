# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 8, 6), "float16"), gamma: T.Buffer((8,), "float16"), beta: T.Buffer((8,), "float16"), T_reshape: T.Buffer((1, 8, 6), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape_1 = T.sblock_alloc_buffer((1, 4, 2, 6), "float16")
    T_cast = T.sblock_alloc_buffer((1, 4, 2, 6))
    A_red_temp_v0 = T.sblock_alloc_buffer((1, 4))
    A_red_temp_v1 = T.sblock_alloc_buffer((1, 4))
    T_reshape_2 = T.sblock_alloc_buffer((4, 2), "float16")
    T_reshape_3 = T.sblock_alloc_buffer((4, 2), "float16")
    T_group_norm = T.sblock_alloc_buffer((1, 4, 2, 6), "float16")
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 2, 6):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[0, (v_ax1 * 2 + v_ax3 // 6 + v_ax2) % 8, v_ax3 % 6])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3] = A[0, (v_ax1 * 2 + v_ax3 // 6 + v_ax2) % 8, v_ax3 % 6]
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 2, 6):
        with T.sblock("T_cast"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_cast[v_ax0, v_ax1, v_ax2, v_ax3])
            T_cast[v_ax0, v_ax1, v_ax2, v_ax3] = T.Cast("float32", T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
    for ax0, ax1, k2, k3 in T.grid(1, 4, 2, 6):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k2, v_k3 = T.axis.remap("SSRR", [ax0, ax1, k2, k3])
            T.reads(T_cast[v_ax0, v_ax1, v_k2, v_k3])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                A_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[v_ax0, v_ax1] + T_cast[v_ax0, v_ax1, v_k2, v_k3]
            v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[v_ax0, v_ax1] + T_cast[v_ax0, v_ax1, v_k2, v_k3] * T_cast[v_ax0, v_ax1, v_k2, v_k3]
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(4, 2):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(gamma[(v_ax0 * 2 + v_ax1) % 8])
            T.writes(T_reshape_2[v_ax0, v_ax1])
            T_reshape_2[v_ax0, v_ax1] = gamma[(v_ax0 * 2 + v_ax1) % 8]
    for ax0, ax1 in T.grid(4, 2):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(beta[(v_ax0 * 2 + v_ax1) % 8])
            T.writes(T_reshape_3[v_ax0, v_ax1])
            T_reshape_3[v_ax0, v_ax1] = beta[(v_ax0 * 2 + v_ax1) % 8]
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 2, 6):
        with T.sblock("T_group_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_cast[v_ax0, v_ax1, v_ax2, v_ax3], A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1], T_reshape_2[v_ax1, v_ax2], T_reshape_3[v_ax1, v_ax2])
            T.writes(T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3])
            T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3] = T.Cast("float16", (T_cast[v_ax0, v_ax1, v_ax2, v_ax3] - A_red_temp_v0[v_ax0, v_ax1] / T.float32(12.0)) * T.rsqrt(A_red_temp_v1[v_ax0, v_ax1] / T.float32(12.0) - A_red_temp_v0[v_ax0, v_ax1] / T.float32(12.0) * (A_red_temp_v0[v_ax0, v_ax1] / T.float32(12.0)) + T.float32(1.0000000000000001e-05))) * T_reshape_2[v_ax1, v_ax2] + T_reshape_3[v_ax1, v_ax2]
    for ax0, ax1, ax2 in T.grid(1, 8, 6):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_group_norm[0, (v_ax2 // 6 + v_ax1) % 8 // 2, (v_ax2 // 6 + v_ax1) % 2, v_ax2 % 6])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2])
            T_reshape[v_ax0, v_ax1, v_ax2] = T_group_norm[0, (v_ax2 // 6 + v_ax1) % 8 // 2, (v_ax2 // 6 + v_ax1) % 2, v_ax2 % 6]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2048), "float32"), B: T.Buffer((2048,), "float32"), C: T.Buffer((2048,), "float32"), T_reshape: T.Buffer((1, 2048), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape_1 = T.sblock_alloc_buffer((1, 32, 64))
    A_red_temp_v0 = T.sblock_alloc_buffer((1, 32))
    A_red_temp_v1 = T.sblock_alloc_buffer((1, 32))
    T_reshape_2 = T.sblock_alloc_buffer((32, 64))
    T_reshape_3 = T.sblock_alloc_buffer((32, 64))
    T_group_norm = T.sblock_alloc_buffer((1, 32, 64))
    for ax0, ax1, ax2 in T.grid(1, 32, 64):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[0, (v_ax1 * 64 + v_ax2) % 2048])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2])
            T_reshape_1[v_ax0, v_ax1, v_ax2] = A[0, (v_ax1 * 64 + v_ax2) % 2048]
    for ax0, ax1, k2 in T.grid(1, 32, 64):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_k2])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                A_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2]
            v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2] * T_reshape_1[v_ax0, v_ax1, v_k2]
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(32, 64):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[(v_ax0 * 64 + v_ax1) % 2048])
            T.writes(T_reshape_2[v_ax0, v_ax1])
            T_reshape_2[v_ax0, v_ax1] = B[(v_ax0 * 64 + v_ax1) % 2048]
    for ax0, ax1 in T.grid(32, 64):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C[(v_ax0 * 64 + v_ax1) % 2048])
            T.writes(T_reshape_3[v_ax0, v_ax1])
            T_reshape_3[v_ax0, v_ax1] = C[(v_ax0 * 64 + v_ax1) % 2048]
    for ax0, ax1, ax2 in T.grid(1, 32, 64):
        with T.sblock("T_group_norm"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2], A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1], T_reshape_2[v_ax1, v_ax2], T_reshape_3[v_ax1, v_ax2])
            T.writes(T_group_norm[v_ax0, v_ax1, v_ax2])
            T_group_norm[v_ax0, v_ax1, v_ax2] = (T_reshape_1[v_ax0, v_ax1, v_ax2] - A_red_temp_v0[v_ax0, v_ax1] * T.float32(0.015625)) * T.rsqrt(A_red_temp_v1[v_ax0, v_ax1] * T.float32(0.015625) - A_red_temp_v0[v_ax0, v_ax1] * T.float32(0.015625) * (A_red_temp_v0[v_ax0, v_ax1] * T.float32(0.015625)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[v_ax1, v_ax2] + T_reshape_3[v_ax1, v_ax2]
    for ax0, ax1 in T.grid(1, 2048):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_group_norm[0, v_ax1 % 2048 // 64, v_ax1 % 64])
            T.writes(T_reshape[v_ax0, v_ax1])
            T_reshape[v_ax0, v_ax1] = T_group_norm[0, v_ax1 % 2048 // 64, v_ax1 % 64]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((1, 4, 4, 32), "float32"), B: T.Buffer((4, 4, 32), "float32"), C: T.Buffer((4, 4, 32), "float32"), T_layer_norm: T.Buffer((1, 4, 4, 32), "float32")):
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((1,))
    A_red_temp_v1 = T.sblock_alloc_buffer((1,))
    for ax0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 512, "pragma_unroll_explicit": 1}):
        for k1, k2, k3 in T.grid(4, 4, 32):
            with T.sblock("A_red_temp"):
                v_ax0 = T.axis.spatial(1, 0)
                v_k1, v_k2, v_k3 = T.axis.remap("RRR", [k1, k2, k3])
                T.reads(A[0, v_k1, v_k2, v_k3])
                T.writes(A_red_temp_v0[0], A_red_temp_v1[0])
                with T.init():
                    A_red_temp_v0[0] = T.float32(0.0)
                    A_red_temp_v1[0] = T.float32(0.0)
                v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0[0] + A[0, v_k1, v_k2, v_k3]
                v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1[0] + A[0, v_k1, v_k2, v_k3] * A[0, v_k1, v_k2, v_k3]
                A_red_temp_v0[0] = v_A_red_temp_v0
                A_red_temp_v1[0] = v_A_red_temp_v1
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 4, 32):
        with T.sblock("T_layer_norm"):
            v_ax0 = T.axis.spatial(1, 0)
            v_ax1, v_ax2, v_ax3 = T.axis.remap("SSS", [ax1, ax2, ax3])
            T.reads(A[0, v_ax1, v_ax2, v_ax3], A_red_temp_v0[0], A_red_temp_v1[0], B[v_ax1, v_ax2, v_ax3], C[v_ax1, v_ax2, v_ax3])
            T.writes(T_layer_norm[0, v_ax1, v_ax2, v_ax3])
            T_layer_norm[0, v_ax1, v_ax2, v_ax3] = (A[0, v_ax1, v_ax2, v_ax3] - A_red_temp_v0[0] * T.float32(0.001953125)) * T.rsqrt(A_red_temp_v1[0] * T.float32(0.001953125) - A_red_temp_v0[0] * T.float32(0.001953125) * (A_red_temp_v0[0] * T.float32(0.001953125)) + T.float32(1.0000000000000001e-05)) * B[v_ax1, v_ax2, v_ax3] + C[v_ax1, v_ax2, v_ax3]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 16), "float16"), gamma: T.Buffer((16,), "float16"), beta: T.Buffer((16,), "float16"), T_layer_norm: T.Buffer((4, 16), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_sum = T.sblock_alloc_buffer((4,))
    A_mean = T.sblock_alloc_buffer((4,))
    A_var_sum = T.sblock_alloc_buffer((4,))
    for ax0, k1 in T.grid(4, 16):
        with T.sblock("A_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(A[v_ax0, v_k1])
            T.writes(A_sum[v_ax0])
            with T.init():
                A_sum[v_ax0] = T.float32(0.0)
            A_sum[v_ax0] = A_sum[v_ax0] + T.Cast("float32", A[v_ax0, v_k1])
    for ax0 in range(4):
        with T.sblock("A_mean"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(A_sum[v_ax0])
            T.writes(A_mean[v_ax0])
            A_mean[v_ax0] = A_sum[v_ax0] / T.float32(16.0)
    for ax0, k1 in T.grid(4, 16):
        with T.sblock("A_var_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(A[v_ax0, v_k1], A_mean[v_ax0])
            T.writes(A_var_sum[v_ax0])
            with T.init():
                A_var_sum[v_ax0] = T.float32(0.0)
            A_var_sum[v_ax0] = A_var_sum[v_ax0] + (T.Cast("float32", A[v_ax0, v_k1]) - A_mean[v_ax0]) * (T.Cast("float32", A[v_ax0, v_k1]) - A_mean[v_ax0])
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_layer_norm"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1], A_mean[v_ax0], A_var_sum[v_ax0], gamma[v_ax1], beta[v_ax1])
            T.writes(T_layer_norm[v_ax0, v_ax1])
            T_layer_norm[v_ax0, v_ax1] = T.Cast("float16", (T.Cast("float32", A[v_ax0, v_ax1]) - A_mean[v_ax0]) * T.rsqrt(A_var_sum[v_ax0] / T.float32(16.0) + T.float32(1.0000000000000001e-05))) * gamma[v_ax1] + beta[v_ax1]

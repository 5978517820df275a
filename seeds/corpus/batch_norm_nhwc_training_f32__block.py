# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 5, 5, 4), "float32"), gamma: T.Buffer((4,), "float32"), beta: T.Buffer((4,), "float32"), mean: T.Buffer((4,), "float32"), var: T.Buffer((4,), "float32"), T_add: T.Buffer((2, 5, 5, 4), "float32"), T_add_1: T.Buffer((4,), "float32"), T_add_2: T.Buffer((4,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red = T.sblock_alloc_buffer((4,))
    T_divide = T.sblock_alloc_buffer((4,))
    T_reshape = T.sblock_alloc_buffer((1, 1, 1, 4))
    T_subtract = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_subtract_1 = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_subtract_2 = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_multiply = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_multiply_red = T.sblock_alloc_buffer((4,))
    T_divide_1 = T.sblock_alloc_buffer((4,))
    T_reshape_1 = T.sblock_alloc_buffer((1, 1, 1, 4))
    T_add_3 = T.sblock_alloc_buffer((1, 1, 1, 4))
    compute = T.sblock_alloc_buffer((1, 1, 1, 4))
    T_divide_2 = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_reshape_2 = T.sblock_alloc_buffer((1, 1, 1, 4))
    T_multiply_1 = T.sblock_alloc_buffer((2, 5, 5, 4))
    T_reshape_3 = T.sblock_alloc_buffer((1, 1, 1, 4))
    T_multiply_2 = T.sblock_alloc_buffer((4,))
    T_multiply_3 = T.sblock_alloc_buffer((4,))
    T_multiply_4 = T.sblock_alloc_buffer((4,))
    T_multiply_5 = T.sblock_alloc_buffer((4,))
    for ax0, k0, k1, k2 in T.grid(4, 2, 5, 5):
        with T.sblock("A_red"):
            v_ax0, v_k0, v_k1, v_k2 = T.axis.remap("SRRR", [ax0, k0, k1, k2])
            T.reads(A[v_k0, v_k1, v_k2, v_ax0])
            T.writes(A_red[v_ax0])
            with T.init():
                A_red[v_ax0] = T.float32(0.0)
            A_red[v_ax0] = A_red[v_ax0] + A[v_k0, v_k1, v_k2, v_ax0]
    for ax0 in range(4):
        with T.sblock("T_divide"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(A_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = A_red[v_ax0] / T.float32(50.0)
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 4):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_divide[v_ax3 % 4])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = T_divide[v_ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_subtract"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape[0, 0, 0, v_ax3])
            T.writes(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3])
            T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] = A[v_ax0, v_ax1, v_ax2, v_ax3] - T_reshape[0, 0, 0, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_subtract_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape[0, 0, 0, v_ax3])
            T.writes(T_subtract_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_subtract_1[v_ax0, v_ax1, v_ax2, v_ax3] = A[v_ax0, v_ax1, v_ax2, v_ax3] - T_reshape[0, 0, 0, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_subtract_2"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape[0, 0, 0, v_ax3])
            T.writes(T_subtract_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T_subtract_2[v_ax0, v_ax1, v_ax2, v_ax3] = A[v_ax0, v_ax1, v_ax2, v_ax3] - T_reshape[0, 0, 0, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_subtract_1[v_ax0, v_ax1, v_ax2, v_ax3], T_subtract_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2, v_ax3])
            T_multiply[v_ax0, v_ax1, v_ax2, v_ax3] = T_subtract_1[v_ax0, v_ax1, v_ax2, v_ax3] * T_subtract_2[v_ax0, v_ax1, v_ax2, v_ax3]
    for ax0, k0, k1, k2 in T.grid(4, 2, 5, 5):
        with T.sblock("T_multiply_red"):
            v_ax0, v_k0, v_k1, v_k2 = T.axis.remap("SRRR", [ax0, k0, k1, k2])
            T.reads(T_multiply[v_k0, v_k1, v_k2, v_ax0])
            T.writes(T_multiply_red[v_ax0])
            with T.init():
                T_multiply_red[v_ax0] = T.float32(0.0)
            T_multiply_red[v_ax0] = T_multiply_red[v_ax0] + T_multiply[v_k0, v_k1, v_k2, v_ax0]
    for ax0 in range(4):
        with T.sblock("T_divide_1"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_multiply_red[v_ax0])
            T.writes(T_divide_1[v_ax0])
            T_divide_1[v_ax0] = T_multiply_red[v_ax0] / T.float32(50.0)
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 4):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_divide_1[v_ax3 % 4])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3] = T_divide_1[v_ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 4):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_add_3[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add_3[v_ax0, v_ax1, v_ax2, v_ax3] = T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3] + T.float32(1.0000000000000001e-05)
    for i0, i1, i2, i3 in T.grid(1, 1, 1, 4):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(T_add_3[v_i0, v_i1, v_i2, v_i3])
            T.writes(compute[v_i0, v_i1, v_i2, v_i3])
            compute[v_i0, v_i1, v_i2, v_i3] = T.sqrt(T_add_3[v_i0, v_i1, v_i2, v_i3])
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_divide_2"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3], compute[0, 0, 0, v_ax3])
            T.writes(T_divide_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide_2[v_ax0, v_ax1, v_ax2, v_ax3] = T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] / compute[0, 0, 0, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 4):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(gamma[v_ax3 % 4])
            T.writes(T_reshape_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_2[v_ax0, v_ax1, v_ax2, v_ax3] = gamma[v_ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_multiply_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_divide_2[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape_2[0, 0, 0, v_ax3])
            T.writes(T_multiply_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_multiply_1[v_ax0, v_ax1, v_ax2, v_ax3] = T_divide_2[v_ax0, v_ax1, v_ax2, v_ax3] * T_reshape_2[0, 0, 0, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 1, 4):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(beta[v_ax3 % 4])
            T.writes(T_reshape_3[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_3[v_ax0, v_ax1, v_ax2, v_ax3] = beta[v_ax3 % 4]
    for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 4):
        with T.sblock("T_add_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_multiply_1[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape_3[0, 0, 0, v_ax3])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = T_multiply_1[v_ax0, v_ax1, v_ax2, v_ax3] + T_reshape_3[0, 0, 0, v_ax3]
    for ax0 in range(4):
        with T.sblock("T_multiply_2"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(mean[v_ax0])
            T.writes(T_multiply_2[v_ax0])
            T_multiply_2[v_ax0] = T.float32(0.90000000000000002) * mean[v_ax0]
    for ax0 in range(4):
        with T.sblock("T_multiply_3"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_divide[v_ax0])
            T.writes(T_multiply_3[v_ax0])
            T_multiply_3[v_ax0] = T.float32(0.10000000000000001) * T_divide[v_ax0]
    for ax0 in range(4):
        with T.sblock("T_add_2"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_multiply_2[v_ax0], T_multiply_3[v_ax0])
            T.writes(T_add_1[v_ax0])
            T_add_1[v_ax0] = T_multiply_2[v_ax0] + T_multiply_3[v_ax0]
    for ax0 in range(4):
        with T.sblock("T_multiply_4"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(var[v_ax0])
            T.writes(T_multiply_4[v_ax0])
            T_multiply_4[v_ax0] = T.float32(0.90000000000000002) * var[v_ax0]
    for ax0 in range(4):
        with T.sblock("T_multiply_5"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_divide_1[v_ax0])
            T.writes(T_multiply_5[v_ax0])
            T_multiply_5[v_ax0] = T.float32(0.10000000000000001) * T_divide_1[v_ax0]
    for ax0 in range(4):
        with T.sblock("T_add_3"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_multiply_4[v_ax0], T_multiply_5[v_ax0])
            T.writes(T_add_2[v_ax0])
            T_add_2[v_ax0] = T_multiply_4[v_ax0] + T_multiply_5[v_ax0]

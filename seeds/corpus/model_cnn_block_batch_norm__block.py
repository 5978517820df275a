# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv2d: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32"), bn_gamma: T.Buffer((T.int64(8),), "float32"), bn_beta: T.Buffer((T.int64(8),), "float32"), bn_mean: T.Buffer((T.int64(8),), "float32"), bn_var: T.Buffer((T.int64(8),), "float32"), T_add: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32"), T_multiply: T.Buffer((T.int64(8),), "float32"), T_multiply_1: T.Buffer((T.int64(8),), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    T_subtract = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)))
    T_reshape_1 = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    T_add_1 = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    compute = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    T_divide = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)))
    T_reshape_2 = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    T_multiply_2 = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)))
    T_reshape_3 = T.sblock_alloc_buffer((T.int64(1), T.int64(8), T.int64(1), T.int64(1)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(bn_mean[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = bn_mean[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(8)):
        with T.sblock("T_subtract"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(conv2d[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape[v_ax0, v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3])
            T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] = conv2d[v_ax0, v_ax1, v_ax2, v_ax3] - T_reshape[v_ax0, v_ax1, T.int64(0), T.int64(0)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(bn_var[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3] = bn_var[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_add_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add_1[v_ax0, v_ax1, v_ax2, v_ax3] = T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3] + T.float32(1.0000000000000001e-05)
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(T_add_1[v_i0, v_i1, v_i2, v_i3])
            T.writes(compute[v_i0, v_i1, v_i2, v_i3])
            compute[v_i0, v_i1, v_i2, v_i3] = T.sqrt(T_add_1[v_i0, v_i1, v_i2, v_i3])
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(8)):
        with T.sblock("T_divide"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_subtract[v_ax0, v_ax1, v_ax2, v_ax3], compute[v_ax0, v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = T_subtract[v_ax0, v_ax1, v_ax2, v_ax3] / compute[v_ax0, v_ax1, T.int64(0), T.int64(0)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(bn_gamma[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)])
            T.writes(T_reshape_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_2[v_ax0, v_ax1, v_ax2, v_ax3] = bn_gamma[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(8)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_divide[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape_2[v_ax0, v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_multiply_2[v_ax0, v_ax1, v_ax2, v_ax3])
            T_multiply_2[v_ax0, v_ax1, v_ax2, v_ax3] = T_divide[v_ax0, v_ax1, v_ax2, v_ax3] * T_reshape_2[v_ax0, v_ax1, T.int64(0), T.int64(0)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(1), T.int64(1)):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(bn_beta[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)])
            T.writes(T_reshape_3[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape_3[v_ax0, v_ax1, v_ax2, v_ax3] = bn_beta[(v_ax1 + v_ax2 + v_ax3) % T.int64(8)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(8)):
        with T.sblock("T_add_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_multiply_2[v_ax0, v_ax1, v_ax2, v_ax3], T_reshape_3[v_ax0, v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = T_multiply_2[v_ax0, v_ax1, v_ax2, v_ax3] + T_reshape_3[v_ax0, v_ax1, T.int64(0), T.int64(0)]
    for ax0 in range(T.int64(8)):
        with T.sblock("T_multiply_1"):
            v_ax0 = T.axis.spatial(T.int64(8), ax0)
            T.reads(bn_mean[v_ax0])
            T.writes(T_multiply[v_ax0])
            T_multiply[v_ax0] = bn_mean[v_ax0]
    for ax0 in range(T.int64(8)):
        with T.sblock("T_multiply_2"):
            v_ax0 = T.axis.spatial(T.int64(8), ax0)
            T.reads(bn_var[v_ax0])
            T.writes(T_multiply_1[v_ax0])
            T_multiply_1[v_ax0] = bn_var[v_ax0]

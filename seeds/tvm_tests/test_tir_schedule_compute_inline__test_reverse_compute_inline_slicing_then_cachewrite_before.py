# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(x: T.Buffer((1, 16, 7, 7), "float32"), T_strided_slice_with_axes: T.Buffer((1, 12, 7, 7), "float32")):
    # with T.sblock("root"):
    T_add = T.sblock_alloc_buffer((1, 16, 7, 7))
    for ax0, ax1, ax2, ax3 in T.grid(1, 16, 7, 7):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(x[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = x[v_ax0, v_ax1, v_ax2, v_ax3] + T.float32(1.0)
    for ax0, ax1, ax2, ax3 in T.grid(1, 12, 7, 7):
        with T.sblock("T_strided_slice_with_axes"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_strided_slice_with_axes[v_ax0, v_ax1, v_ax2, v_ax3])
            T_strided_slice_with_axes[v_ax0, v_ax1, v_ax2, v_ax3] = T_add[v_ax0, v_ax1, v_ax2, v_ax3]

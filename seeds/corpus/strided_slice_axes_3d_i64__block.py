# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 6, 5), "int64"), T_strided_slice_with_axes: T.Buffer((2, 6, 2), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 6, 2):
        with T.sblock("T_strided_slice_with_axes"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0 + 1, v_ax1, v_ax2 * 2 + 1])
            T.writes(T_strided_slice_with_axes[v_ax0, v_ax1, v_ax2])
            T_strided_slice_with_axes[v_ax0, v_ax1, v_ax2] = A[v_ax0 + 1, v_ax1, v_ax2 * 2 + 1]

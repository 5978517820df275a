# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), T_expand_dims: T.Buffer((4, 1, 1, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(4, 1, 1, 8):
        with T.sblock("T_expand_dims"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax3])
            T.writes(T_expand_dims[v_ax0, v_ax1, v_ax2, v_ax3])
            T_expand_dims[v_ax0, v_ax1, v_ax2, v_ax3] = A[v_ax0, v_ax3]

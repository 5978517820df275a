# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 4), "float32"), B: T.Buffer((2, 4, 5), "float32"), T_einsum: T.Buffer((2, 3, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, j in T.grid(2, 3, 5, 4):
        with T.sblock("T_einsum"):
            v_ax0, v_ax1, v_ax2, v_j = T.axis.remap("SSSR", [ax0, ax1, ax2, j])
            T.reads(A[v_ax0, v_ax1, v_j], B[v_ax0, v_j, v_ax2])
            T.writes(T_einsum[v_ax0, v_ax1, v_ax2])
            with T.init():
                T_einsum[v_ax0, v_ax1, v_ax2] = T.float32(0.0)
            T_einsum[v_ax0, v_ax1, v_ax2] = T_einsum[v_ax0, v_ax1, v_ax2] + A[v_ax0, v_ax1, v_j] * B[v_ax0, v_j, v_ax2]

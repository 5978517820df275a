# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 6), "float32"), B: T.Buffer((6, 5), "float32"), T_einsum: T.Buffer((4, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, j in T.grid(4, 5, 6):
        with T.sblock("T_einsum"):
            v_ax0, v_ax1, v_j = T.axis.remap("SSR", [ax0, ax1, j])
            T.reads(A[v_ax0, v_j], B[v_j, v_ax1])
            T.writes(T_einsum[v_ax0, v_ax1])
            with T.init():
                T_einsum[v_ax0, v_ax1] = T.float32(0.0)
            T_einsum[v_ax0, v_ax1] = T_einsum[v_ax0, v_ax1] + A[v_ax0, v_j] * B[v_j, v_ax1]

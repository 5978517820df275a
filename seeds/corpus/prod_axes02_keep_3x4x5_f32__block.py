# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 4, 5), "float32"), A_red: T.Buffer((1, 4, 1), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, k0, k2 in T.grid(1, 4, 1, 3, 5):
        with T.sblock("A_red"):
            v_ax0, v_ax1, v_ax2, v_k0, v_k2 = T.axis.remap("SSSRR", [ax0, ax1, ax2, k0, k2])
            T.reads(A[v_k0, v_ax1, v_k2])
            T.writes(A_red[v_ax0, v_ax1, v_ax2])
            with T.init():
                A_red[v_ax0, v_ax1, v_ax2] = T.float32(1.0)
            A_red[v_ax0, v_ax1, v_ax2] = A_red[v_ax0, v_ax1, v_ax2] * A[v_k0, v_ax1, v_k2]

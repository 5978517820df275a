# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 4, 5), "float32"), B: T.Buffer((4, 5, 6), "float32"), T_tensordot: T.Buffer((3, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, k0, k1 in T.grid(3, 6, 4, 5):
        with T.sblock("T_tensordot"):
            v_ax0, v_ax1, v_k0, v_k1 = T.axis.remap("SSRR", [ax0, ax1, k0, k1])
            T.reads(A[v_ax0, v_k0, v_k1], B[v_k0, v_k1, v_ax1])
            T.writes(T_tensordot[v_ax0, v_ax1])
            with T.init():
                T_tensordot[v_ax0, v_ax1] = T.float32(0.0)
            T_tensordot[v_ax0, v_ax1] = T_tensordot[v_ax0, v_ax1] + A[v_ax0, v_k0, v_k1] * B[v_k0, v_k1, v_ax1]

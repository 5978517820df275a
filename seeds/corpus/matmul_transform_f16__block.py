# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float16"), B: T.Buffer((8, 4), "float16"), T_matmul: T.Buffer((4, 4), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, k in T.grid(4, 4, 8):
        with T.sblock("T_matmul"):
            v_ax0, v_ax1, v_k = T.axis.remap("SSR", [ax0, ax1, k])
            T.reads(A[v_ax0, v_k], B[v_k, v_ax1])
            T.writes(T_matmul[v_ax0, v_ax1])
            with T.init():
                T_matmul[v_ax0, v_ax1] = T.float16(0.0)
            T_matmul[v_ax0, v_ax1] = T_matmul[v_ax0, v_ax1] + A[v_ax0, v_k] * B[v_k, v_ax1]

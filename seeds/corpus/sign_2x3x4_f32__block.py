# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 4), "float32"), T_sign: T.Buffer((2, 3, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 3, 4):
        with T.sblock("T_sign"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, v_ax1, v_ax2])
            T.writes(T_sign[v_ax0, v_ax1, v_ax2])
            T_sign[v_ax0, v_ax1, v_ax2] = T.Select(T.float32(0.0) < A[v_ax0, v_ax1, v_ax2], T.float32(1.0), T.Select(A[v_ax0, v_ax1, v_ax2] < T.float32(0.0), T.float32(-1.0), T.float32(0.0)))

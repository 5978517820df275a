# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 4), "int64"), T_sign: T.Buffer((2, 3, 4), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 3, 4):
        with T.sblock("T_sign"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, v_ax1, v_ax2])
            T.writes(T_sign[v_ax0, v_ax1, v_ax2])
            T_sign[v_ax0, v_ax1, v_ax2] = T.Select(T.int64(0) < A[v_ax0, v_ax1, v_ax2], T.int64(1), T.Select(A[v_ax0, v_ax1, v_ax2] < T.int64(0), T.int64(-1), T.int64(0)))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 3), "int32"), idx: T.Buffer((2, 3), "int64"), T_gather: T.Buffer((2, 3), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(2, 3):
        with T.sblock("T_gather"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[idx[v_ax0, v_ax1], v_ax1], idx[v_ax0, v_ax1])
            T.writes(T_gather[v_ax0, v_ax1])
            T_gather[v_ax0, v_ax1] = A[idx[v_ax0, v_ax1], v_ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 4), "int8"), idx: T.Buffer((5,), "int32"), T_take: T.Buffer((3, 5), "int8")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(3, 5):
        with T.sblock("T_take"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, idx[v_ax1]], idx[v_ax1])
            T.writes(T_take[v_ax0, v_ax1])
            T_take[v_ax0, v_ax1] = A[v_ax0, idx[v_ax1]]

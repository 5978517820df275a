# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(sigmoid1: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_subtract: T.Buffer((T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.sblock("T_subtract"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(sigmoid1[v_ax0, v_ax1])
            T.writes(T_subtract[v_ax0, v_ax1])
            T_subtract[v_ax0, v_ax1] = T.float32(1.0) - sigmoid1[v_ax0, v_ax1]

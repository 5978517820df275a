# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(sigmoid: T.Buffer((T.int64(2), T.int64(6)), "float32"), split_21: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(sigmoid[v_ax0, v_ax1], split_21[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = sigmoid[v_ax0, v_ax1] * split_21[v_ax0, v_ax1]

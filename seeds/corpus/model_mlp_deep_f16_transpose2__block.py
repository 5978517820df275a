# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(layers_2_weight: T.Buffer((T.int64(4), T.int64(12)), "float16"), T_transpose: T.Buffer((T.int64(12), T.int64(4)), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(12), T.int64(4)):
        with T.sblock("T_transpose"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(layers_2_weight[v_ax1, v_ax0])
            T.writes(T_transpose[v_ax0, v_ax1])
            T_transpose[v_ax0, v_ax1] = layers_2_weight[v_ax1, v_ax0]

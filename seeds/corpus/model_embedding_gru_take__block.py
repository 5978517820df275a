# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(embed_weight: T.Buffer((T.int64(10), T.int64(8)), "float32"), tokens: T.Buffer((T.int64(2),), "int32"), T_take: T.Buffer((T.int64(2), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(8)):
        with T.sblock("T_take"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(embed_weight[tokens[v_ax0], v_ax1], tokens[v_ax0])
            T.writes(T_take[v_ax0, v_ax1])
            T_take[v_ax0, v_ax1] = embed_weight[tokens[v_ax0], v_ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(add: T.Buffer((T.int64(2), T.int64(18)), "float32"), T_split_sections: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_split_sections_1: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_split_sections_2: T.Buffer((T.int64(2), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.sblock("T_split_sections"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(add[v_ax0, v_ax1])
            T.writes(T_split_sections[v_ax0, v_ax1])
            T_split_sections[v_ax0, v_ax1] = add[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.sblock("T_split_sections_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(add[v_ax0, v_ax1 + T.int64(6)])
            T.writes(T_split_sections_1[v_ax0, v_ax1])
            T_split_sections_1[v_ax0, v_ax1] = add[v_ax0, v_ax1 + T.int64(6)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        with T.sblock("T_split_sections_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(add[v_ax0, v_ax1 + T.int64(12)])
            T.writes(T_split_sections_2[v_ax0, v_ax1])
            T_split_sections_2[v_ax0, v_ax1] = add[v_ax0, v_ax1 + T.int64(12)]

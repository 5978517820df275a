# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(matmul1: T.Buffer((T.int64(4), T.int64(8)), "float32"), layers_1_bias: T.Buffer((T.int64(8),), "float32"), T_add: T.Buffer((T.int64(4), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(8)):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(matmul1[v_ax0, v_ax1], layers_1_bias[v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = matmul1[v_ax0, v_ax1] + layers_1_bias[v_ax1]

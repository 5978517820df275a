# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(matmul3: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32"), proj_bias: T.Buffer((T.int64(16),), "float32"), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(16)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(matmul3[v_ax0, v_ax1, v_ax2], proj_bias[v_ax2])
            T.writes(T_add[v_ax0, v_ax1, v_ax2])
            T_add[v_ax0, v_ax1, v_ax2] = matmul3[v_ax0, v_ax1, v_ax2] + proj_bias[v_ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(matmul4: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32"), fc1_bias: T.Buffer((T.int64(32),), "float32"), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(matmul4[v_ax0, v_ax1, v_ax2], fc1_bias[v_ax2])
            T.writes(T_add[v_ax0, v_ax1, v_ax2])
            T_add[v_ax0, v_ax1, v_ax2] = matmul4[v_ax0, v_ax1, v_ax2] + fc1_bias[v_ax2]

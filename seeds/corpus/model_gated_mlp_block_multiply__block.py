# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(silu: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32"), matmul1: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32"), T_multiply: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(3), T.int64(16)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(silu[v_ax0, v_ax1, v_ax2], matmul1[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = silu[v_ax0, v_ax1, v_ax2] * matmul1[v_ax0, v_ax1, v_ax2]

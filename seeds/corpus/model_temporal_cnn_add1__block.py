# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(lv2: T.Buffer((T.int64(1), T.int64(4), T.int64(12)), "float32"), lv3: T.Buffer((T.int64(1), T.int64(4), T.int64(1)), "float32"), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(12)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(12)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(lv2[v_ax0, v_ax1, v_ax2], lv3[v_ax0, v_ax1, T.int64(0)])
            T.writes(T_add[v_ax0, v_ax1, v_ax2])
            T_add[v_ax0, v_ax1, v_ax2] = lv2[v_ax0, v_ax1, v_ax2] + lv3[v_ax0, v_ax1, T.int64(0)]

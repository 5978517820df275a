# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 8, 8), "float32"), pool_max: T.Buffer((1, 4, 8, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 4, 10, 10))
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 10, 10):
        with T.sblock("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2 - 1, v_ax3 - 1])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(1 <= v_ax2 and v_ax2 < 9 and 1 <= v_ax3 and v_ax3 < 9, A[v_ax0, v_ax1, v_ax2 - 1, v_ax3 - 1], T.float32(-340282346638528859811704183484516925440.0))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(1, 4, 8, 8, 3, 3):
        with T.sblock("pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 + v_rv0, v_ax3 + v_rv1])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.sblock_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(-340282346638528859811704183484516925440.0)
            pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(pool_max[v_ax0, v_ax1, v_ax2, v_ax3], pad_temp[v_ax0, v_ax1, v_ax2 + v_rv0, v_ax3 + v_rv1])

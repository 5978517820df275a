# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 5, 5, 8), "float16"), adaptive_pool_max: T.Buffer((1, 1, 1, 8), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(1, 1, 1, 8, 5, 5):
        with T.sblock("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(A[v_ax0, v_ax1 * 5 + v_rv0, v_ax2 * 5 + v_rv1, v_ax3])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.sblock_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float16(-65504.0)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3], A[v_ax0, v_ax1 * 5 + v_rv0, v_ax2 * 5 + v_rv1, v_ax3])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 8, 8), "float16"), pool_avg: T.Buffer((1, 4, 4, 4), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pool_sum = T.sblock_alloc_buffer((1, 4, 4, 4), "float16")
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(1, 4, 4, 4, 2, 2):
        with T.sblock("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(A[v_ax0, v_ax1, v_ax2 * 2 + v_rv0, v_ax3 * 2 + v_rv1])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float16(0.0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + A[v_ax0, v_ax1, v_ax2 * 2 + v_rv0, v_ax3 * 2 + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 4, 4):
        with T.sblock("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.sblock_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float16", (T.min(1, 7 - v_ax2 * 2) + 1) * (T.min(1, 7 - v_ax3 * 2) + 1))

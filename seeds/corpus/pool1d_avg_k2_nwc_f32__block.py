# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 16, 4), "float32"), pool_avg: T.Buffer((1, 8, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pool_sum = T.sblock_alloc_buffer((1, 8, 4))
    for ax0, ax1, ax2, rv0 in T.grid(1, 8, 4, 2):
        with T.sblock("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(A[v_ax0, v_ax1 * 2 + v_rv0, v_ax2])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2] = T.float32(0.0)
            pool_sum[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] + A[v_ax0, v_ax1 * 2 + v_rv0, v_ax2]
    for ax0, ax1, ax2 in T.grid(1, 8, 4):
        with T.sblock("pool_avg"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2])
            T.sblock_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] / T.Cast("float32", T.min(1, 15 - v_ax1 * 2) + 1)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 4, 16), "float32"), pool_avg: T.Buffer((2, 4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((2, 4, 18))
    pool_sum = T.sblock_alloc_buffer((2, 4, 8))
    for ax0, ax1, ax2 in T.grid(2, 4, 18):
        with T.sblock("pad_temp"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, v_ax1, v_ax2 - 1])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2])
            pad_temp[v_ax0, v_ax1, v_ax2] = T.if_then_else(1 <= v_ax2 and v_ax2 < 17, A[v_ax0, v_ax1, v_ax2 - 1], T.float32(0.0))
    for ax0, ax1, ax2, rv0 in T.grid(2, 4, 8, 3):
        with T.sblock("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * 2 + v_rv0])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2] = T.float32(0.0)
            pool_sum[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] + pad_temp[v_ax0, v_ax1, v_ax2 * 2 + v_rv0]
    for ax0, ax1, ax2 in T.grid(2, 4, 8):
        with T.sblock("pool_avg"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2])
            T.sblock_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2] = pool_sum[v_ax0, v_ax1, v_ax2] / T.Cast("float32", T.min(1, 16 - v_ax2 * 2) + 2)

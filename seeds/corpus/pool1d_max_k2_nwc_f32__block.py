# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 16, 4), "float32"), pool_max: T.Buffer((1, 8, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, rv0 in T.grid(1, 8, 4, 2):
        with T.sblock("pool_max"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(A[v_ax0, v_ax1 * 2 + v_rv0, v_ax2])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2])
            T.sblock_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2] = T.float32(-340282346638528859811704183484516925440.0)
            pool_max[v_ax0, v_ax1, v_ax2] = T.max(pool_max[v_ax0, v_ax1, v_ax2], A[v_ax0, v_ax1 * 2 + v_rv0, v_ax2])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 4, 12), "float32"), adaptive_pool_max: T.Buffer((2, 4, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 4, 5):
        with T.sblock("adaptive_pool_max_l1"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, v_ax1, v_ax2 * 12 // 5:v_ax2 * 12 // 5 + ((v_ax2 * 2 % 5 + 12) // 5 + 1)])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2])
            T.sblock_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            for rv0 in range(T.Select((v_ax2 * 12 + 2) % 5 == 0, (v_ax2 * 12 + 12) // 5, (v_ax2 * 12 + 12) // 5 + 1) - v_ax2 * 12 // 5):
                with T.sblock("adaptive_pool_max"):
                    v_ax0_1 = T.axis.spatial((v_ax0, v_ax0 + 1), v_ax0)
                    v_ax1_1 = T.axis.spatial((v_ax1, v_ax1 + 1), v_ax1)
                    v_ax2_1 = T.axis.spatial((v_ax2, v_ax2 + 1), v_ax2)
                    v_rv0 = T.axis.reduce(T.Select((v_ax2 * 12 + 2) % 5 == 0, (v_ax2 * 12 + 12) // 5, (v_ax2 * 12 + 12) // 5 + 1) - v_ax2 * 12 // 5, rv0)
                    T.reads(A[v_ax0_1, v_ax1_1, v_ax2_1 * 12 // 5 + v_rv0])
                    T.writes(adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1])
                    T.sblock_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
                    with T.init():
                        adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1] = T.float32(-340282346638528859811704183484516925440.0)
                    adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1] = T.max(adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1], A[v_ax0_1, v_ax1_1, v_ax2_1 * 12 // 5 + v_rv0])

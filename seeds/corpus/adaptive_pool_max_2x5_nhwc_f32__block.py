# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 7, 9, 4), "float32"), adaptive_pool_max: T.Buffer((1, 2, 5, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(1, 2, 5, 4):
        with T.sblock("adaptive_pool_max_l1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1 * 7 // 2:v_ax1 * 7 // 2 + (v_ax1 % 2 + 4), v_ax2 * 9 // 5:v_ax2 * 9 // 5 + ((v_ax2 * 4 % 5 + 9) // 5 + 1), v_ax3])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.sblock_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            for rv0, rv1 in T.grid(T.Select((v_ax1 * 7 + 1) % 2 == 0, (v_ax1 * 7 + 7) // 2, (v_ax1 * 7 + 7) // 2 + 1) - v_ax1 * 7 // 2, T.Select((v_ax2 * 9 + 4) % 5 == 0, (v_ax2 * 9 + 9) // 5, (v_ax2 * 9 + 9) // 5 + 1) - v_ax2 * 9 // 5):
                with T.sblock("adaptive_pool_max"):
                    v_ax0_1 = T.axis.spatial((v_ax0, v_ax0 + 1), v_ax0)
                    v_ax1_1 = T.axis.spatial((v_ax1, v_ax1 + 1), v_ax1)
                    v_ax2_1 = T.axis.spatial((v_ax2, v_ax2 + 1), v_ax2)
                    v_ax3_1 = T.axis.spatial((v_ax3, v_ax3 + 1), v_ax3)
                    v_rv0, v_rv1 = T.axis.remap("RR", [rv0, rv1])
                    T.reads(A[v_ax0_1, v_ax1_1 * 7 // 2 + v_rv0, v_ax2_1 * 9 // 5 + v_rv1, v_ax3_1])
                    T.writes(adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1, v_ax3_1])
                    T.sblock_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
                    with T.init():
                        adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1, v_ax3_1] = T.float32(-340282346638528859811704183484516925440.0)
                    adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1, v_ax3_1] = T.max(adaptive_pool_max[v_ax0_1, v_ax1_1, v_ax2_1, v_ax3_1], A[v_ax0_1, v_ax1_1 * 7 // 2 + v_rv0, v_ax2_1 * 9 // 5 + v_rv1, v_ax3_1])

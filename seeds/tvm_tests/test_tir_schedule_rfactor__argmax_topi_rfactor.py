# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(placeholder: T.Buffer((1, 32), "int32"), placeholder_red: T.Buffer((1,), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    placeholder_red_temp_v0 = T.sblock_alloc_buffer((1,), "int32")
    placeholder_red_temp_v1 = T.sblock_alloc_buffer((1,), "int32")
    placeholder_red_temp_v0_rf = T.sblock_alloc_buffer((1, 8), "int32")
    placeholder_red_temp_v1_rf = T.sblock_alloc_buffer((1, 8), "int32")
    for i0, i1_0, i1_1 in T.grid(1, 4, 8):
        with T.sblock("placeholder_red_temp_rf"):
            vi1_1, ax0, vi1_0 = T.axis.remap("SSR", [i1_1, i0, i1_0])
            T.reads(placeholder[ax0, vi1_0 * 8 + vi1_1])
            T.writes(placeholder_red_temp_v0_rf[ax0, vi1_1], placeholder_red_temp_v1_rf[ax0, vi1_1])
            with T.init():
                placeholder_red_temp_v0_rf[ax0, vi1_1] = -1
                placeholder_red_temp_v1_rf[ax0, vi1_1] = -2147483648
            v_placeholder_red_temp_v0_rf: T.let[T.int32] = T.Select(placeholder_red_temp_v1_rf[ax0, vi1_1] > placeholder[ax0, vi1_0 * 8 + vi1_1] or placeholder_red_temp_v1_rf[ax0, vi1_1] == placeholder[ax0, vi1_0 * 8 + vi1_1] and placeholder_red_temp_v0_rf[ax0, vi1_1] < vi1_0 * 8 + vi1_1, placeholder_red_temp_v0_rf[ax0, vi1_1], vi1_0 * 8 + vi1_1)
            v_placeholder_red_temp_v1_rf: T.let[T.int32] = T.Select(placeholder_red_temp_v1_rf[ax0, vi1_1] > placeholder[ax0, vi1_0 * 8 + vi1_1], placeholder_red_temp_v1_rf[ax0, vi1_1], placeholder[ax0, vi1_0 * 8 + vi1_1])
            placeholder_red_temp_v0_rf[ax0, vi1_1] = v_placeholder_red_temp_v0_rf
            placeholder_red_temp_v1_rf[ax0, vi1_1] = v_placeholder_red_temp_v1_rf
    for i0, i1_1 in T.grid(1, 8):
        with T.sblock("placeholder_red_temp"):
            vi1_1, ax0 = T.axis.remap("RS", [i1_1, i0])
            T.reads(placeholder_red_temp_v0_rf[ax0, vi1_1], placeholder_red_temp_v1_rf[ax0, vi1_1])
            T.writes(placeholder_red_temp_v0[ax0], placeholder_red_temp_v1[ax0])
            with T.init():
                placeholder_red_temp_v0[ax0] = -1
                placeholder_red_temp_v1[ax0] = -2147483648
            v_placeholder_red_temp_v0: T.let[T.int32] = T.Select(placeholder_red_temp_v1[ax0] > placeholder_red_temp_v1_rf[ax0, vi1_1] or placeholder_red_temp_v1[ax0] == placeholder_red_temp_v1_rf[ax0, vi1_1] and placeholder_red_temp_v0[ax0] < placeholder_red_temp_v0_rf[ax0, vi1_1], placeholder_red_temp_v0[ax0], placeholder_red_temp_v0_rf[ax0, vi1_1])
            v_placeholder_red_temp_v1: T.let[T.int32] = T.Select(placeholder_red_temp_v1[ax0] > placeholder_red_temp_v1_rf[ax0, vi1_1], placeholder_red_temp_v1[ax0], placeholder_red_temp_v1_rf[ax0, vi1_1])
            placeholder_red_temp_v0[ax0] = v_placeholder_red_temp_v0
            placeholder_red_temp_v1[ax0] = v_placeholder_red_temp_v1
    for i0 in range(1):
        with T.sblock("placeholder_red"):
            ax0 = T.axis.spatial(1, i0)
            T.reads(placeholder_red_temp_v0[ax0])
            T.writes(placeholder_red[ax0])
            placeholder_red[ax0] = placeholder_red_temp_v0[ax0]

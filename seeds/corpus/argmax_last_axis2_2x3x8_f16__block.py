# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 8), "float16"), A_red: T.Buffer((2, 3), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((2, 3), "int32")
    A_red_temp_v1 = T.sblock_alloc_buffer((2, 3), "float16")
    for ax0, ax1, k2 in T.grid(2, 3, 8):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
            T.reads(A[v_ax0, v_ax1, v_k2])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = -1
                A_red_temp_v1[v_ax0, v_ax1] = T.float16(-65504.0)
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[v_ax0, v_ax1] > A[v_ax0, v_ax1, v_k2] or A_red_temp_v1[v_ax0, v_ax1] == A[v_ax0, v_ax1, v_k2] and A_red_temp_v0[v_ax0, v_ax1] > v_k2, A_red_temp_v0[v_ax0, v_ax1], v_k2)
            v_A_red_temp_v1: T.let[T.float16] = T.Select(A_red_temp_v1[v_ax0, v_ax1] > A[v_ax0, v_ax1, v_k2], A_red_temp_v1[v_ax0, v_ax1], A[v_ax0, v_ax1, v_k2])
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(2, 3):
        with T.sblock("A_red"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_red_temp_v0[v_ax0, v_ax1])
            T.writes(A_red[v_ax0, v_ax1])
            A_red[v_ax0, v_ax1] = A_red_temp_v0[v_ax0, v_ax1]

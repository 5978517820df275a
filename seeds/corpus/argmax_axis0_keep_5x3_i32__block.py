# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 3), "int32"), A_red: T.Buffer((1, 3), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((1, 3), "int32")
    A_red_temp_v1 = T.sblock_alloc_buffer((1, 3), "int32")
    for ax0, ax1, k0 in T.grid(1, 3, 5):
        with T.sblock("A_red_temp"):
            v_ax0, v_ax1, v_k0 = T.axis.remap("SSR", [ax0, ax1, k0])
            T.reads(A[v_k0, v_ax1])
            T.writes(A_red_temp_v0[v_ax0, v_ax1], A_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                A_red_temp_v0[v_ax0, v_ax1] = -1
                A_red_temp_v1[v_ax0, v_ax1] = -2147483648
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[v_ax0, v_ax1] > A[v_k0, v_ax1] or A_red_temp_v1[v_ax0, v_ax1] == A[v_k0, v_ax1] and A_red_temp_v0[v_ax0, v_ax1] < v_k0, A_red_temp_v0[v_ax0, v_ax1], v_k0)
            v_A_red_temp_v1: T.let[T.int32] = T.Select(A_red_temp_v1[v_ax0, v_ax1] > A[v_k0, v_ax1], A_red_temp_v1[v_ax0, v_ax1], A[v_k0, v_ax1])
            A_red_temp_v0[v_ax0, v_ax1] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0, v_ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(1, 3):
        with T.sblock("A_red"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_red_temp_v0[v_ax0, v_ax1])
            T.writes(A_red[v_ax0, v_ax1])
            A_red[v_ax0, v_ax1] = A_red_temp_v0[v_ax0, v_ax1]

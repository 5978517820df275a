# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 8), "float16", layout=None), A_red: T.Buffer((2, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red_temp_v0 = T.alloc_buffer((2, 3), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(2, 3):
        A_red_temp_v1 = T.alloc_buffer((1, 1), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
        for k2 in range(8):
            if k2 == 0:
                A_red_temp_v0[ax0, ax1] = -1
                A_red_temp_v1[ax0 - ax0, ax1 - ax1] = T.float16(65504.0)
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[ax0 - ax0, ax1 - ax1] < A[ax0, ax1, k2] or A_red_temp_v1[ax0 - ax0, ax1 - ax1] == A[ax0, ax1, k2] and A_red_temp_v0[ax0, ax1] > k2, A_red_temp_v0[ax0, ax1], k2)
            v_A_red_temp_v1: T.let[T.float16] = T.Select(A_red_temp_v1[ax0 - ax0, ax1 - ax1] < A[ax0, ax1, k2], A_red_temp_v1[ax0 - ax0, ax1 - ax1], A[ax0, ax1, k2])
            A_red_temp_v0[ax0, ax1] = v_A_red_temp_v0
            A_red_temp_v1[ax0 - ax0, ax1 - ax1] = v_A_red_temp_v1
    for ax0, ax1 in T.grid(2, 3):
        A_red[ax0, ax1] = A_red_temp_v0[ax0, ax1]

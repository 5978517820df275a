# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((5, 3), "int32", layout=None), A_red: T.Buffer((1, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red_temp_v0 = T.alloc_buffer((1, 3), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1 in range(3):
        A_red_temp_v1 = T.alloc_buffer((1, 1), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
        for k0 in range(5):
            if k0 == 0:
                A_red_temp_v0[0, ax1] = -1
                A_red_temp_v1[0, ax1 - ax1] = 2147483647
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[0, ax1 - ax1] < A[k0, ax1] or A_red_temp_v1[0, ax1 - ax1] == A[k0, ax1] and A_red_temp_v0[0, ax1] < k0, A_red_temp_v0[0, ax1], k0)
            v_A_red_temp_v1: T.let[T.int32] = T.Select(A_red_temp_v1[0, ax1 - ax1] < A[k0, ax1], A_red_temp_v1[0, ax1 - ax1], A[k0, ax1])
            A_red_temp_v0[0, ax1] = v_A_red_temp_v0
            A_red_temp_v1[0, ax1 - ax1] = v_A_red_temp_v1
    for ax1 in range(3):
        A_red[0, ax1] = A_red_temp_v0[0, ax1]

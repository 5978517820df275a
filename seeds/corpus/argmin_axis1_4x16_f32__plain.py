# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float32", layout=None), A_red: T.Buffer((4,), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red_temp_v0 = T.alloc_buffer((4,), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0 in range(4):
        A_red_temp_v1 = T.alloc_buffer((1,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
        for k1 in range(16):
            if k1 == 0:
                A_red_temp_v0[ax0] = -1
                A_red_temp_v1[ax0 - ax0] = T.float32(340282346638528859811704183484516925440.0)
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[ax0 - ax0] < A[ax0, k1] or A_red_temp_v1[ax0 - ax0] == A[ax0, k1] and A_red_temp_v0[ax0] < k1, A_red_temp_v0[ax0], k1)
            v_A_red_temp_v1: T.let[T.float32] = T.Select(A_red_temp_v1[ax0 - ax0] < A[ax0, k1], A_red_temp_v1[ax0 - ax0], A[ax0, k1])
            A_red_temp_v0[ax0] = v_A_red_temp_v0
            A_red_temp_v1[ax0 - ax0] = v_A_red_temp_v1
    for ax0 in range(4):
        A_red[ax0] = A_red_temp_v0[ax0]

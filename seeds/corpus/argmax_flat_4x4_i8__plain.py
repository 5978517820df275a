# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 4), "int8", layout=None), A_red: T.Buffer((), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red_temp_v0 = T.alloc_buffer((), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_red_temp_v1 = T.alloc_buffer((), "int8", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for k0, k1 in T.grid(4, 4):
        if k0 == 0 and k1 == 0:
            A_red_temp_v0[()] = -1
            A_red_temp_v1[()] = T.int8(-128)
        v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[()] > A[k0, k1] or A_red_temp_v1[()] == A[k0, k1] and A_red_temp_v0[()] < k0 * 4 + k1, A_red_temp_v0[()], k0 * 4 + k1)
        v_A_red_temp_v1: T.let[T.int8] = T.Select(A_red_temp_v1[()] > A[k0, k1], A_red_temp_v1[()], A[k0, k1])
        A_red_temp_v0[()] = v_A_red_temp_v0
        A_red_temp_v1[()] = v_A_red_temp_v1
    A_red[()] = A_red_temp_v0[()]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), T_divide: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_multiply = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_red = T.alloc_buffer((4, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((4, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(4, 8):
        T_multiply[ax0, ax1] = A[ax0, ax1] * A[ax0, ax1]
    for ax0, k1 in T.grid(4, 8):
        if k1 == 0:
            T_multiply_red[ax0, 0] = T.float32(0.0)
        T_multiply_red[ax0, 0] = T_multiply_red[ax0, 0] + T_multiply[ax0, k1]
    for i0 in range(4):
        compute[i0, 0] = T.sqrt(T_multiply_red[i0, 0])
    for ax0, ax1 in T.grid(4, 8):
        T_divide[ax0, ax1] = A[ax0, ax1] / compute[ax0, 0]

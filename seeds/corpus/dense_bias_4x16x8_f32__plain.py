# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float32", layout=None), B: T.Buffer((8, 16), "float32", layout=None), bias: T.Buffer((8,), "float32", layout=None), T_add: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    T_matmul_NT = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((8,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1, k in T.grid(4, 8, 16):
        if k == 0:
            T_matmul_NT[i0, i1] = T.float32(0.0)
        T_matmul_NT[i0, i1] = T_matmul_NT[i0, i1] + A[i0, k] * B[i1, k]
    for i0 in range(8):
        compute[i0] = bias[i0]
    for ax0, ax1 in T.grid(4, 8):
        T_add[ax0, ax1] = T_matmul_NT[ax0, ax1] + compute[ax1]

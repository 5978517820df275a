# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 4, 4), "float32", layout=None), T_divide: T.Buffer((1, 8, 4, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_data = T.alloc_buffer((1, 10, 4, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    tensor = T.alloc_buffer((1, 8, 4, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    tensor_1 = T.alloc_buffer((1, 8, 4, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3 in T.grid(10, 4, 4):
        pad_data[0, ax1, ax2, ax3] = T.if_then_else(1 <= ax1 and ax1 < 9, A[0, ax1 - 1, ax2, ax3], T.float32(0.0))
    for ax1, ax2, ax3, rxs in T.grid(8, 4, 4, 3):
        if rxs == 0:
            tensor[0, ax1, ax2, ax3] = T.float32(0.0)
        tensor[0, ax1, ax2, ax3] = tensor[0, ax1, ax2, ax3] + pad_data[0, ax1 + rxs, ax2, ax3] * pad_data[0, ax1 + rxs, ax2, ax3]
    for ax1, ax2, ax3 in T.grid(8, 4, 4):
        tensor_1[0, ax1, ax2, ax3] = T.pow(T.float32(2.0) + T.float32(9.9999997473787516e-05) * tensor[0, ax1, ax2, ax3] / T.float32(3.0), T.float32(0.75))
    for ax1, ax2, ax3 in T.grid(8, 4, 4):
        T_divide[0, ax1, ax2, ax3] = A[0, ax1, ax2, ax3] / tensor_1[0, ax1, ax2, ax3]

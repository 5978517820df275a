# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None), T_multiply: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    compute = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(16)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2 in T.grid(T.int64(3), T.int64(16)):
        compute[T.int64(0), i1, i2] = T.sigmoid(matmul[T.int64(0), i1, i2])
    for ax1, ax2 in T.grid(T.int64(3), T.int64(16)):
        T_multiply[T.int64(0), ax1, ax2] = matmul[T.int64(0), ax1, ax2] * compute[T.int64(0), ax1, ax2]

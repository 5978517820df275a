# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add3: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32", layout=None), T_multiply: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_multiply_1 = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(32)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    compute = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(32)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_multiply_2 = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(32)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_add = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(32)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2 in T.grid(T.int64(4), T.int64(32)):
        T_multiply_1[T.int64(0), ax1, ax2] = add3[T.int64(0), ax1, ax2] * T.float32(0.70710678118654757)
    for i1, i2 in T.grid(T.int64(4), T.int64(32)):
        compute[T.int64(0), i1, i2] = T.erf(T_multiply_1[T.int64(0), i1, i2])
    for ax1, ax2 in T.grid(T.int64(4), T.int64(32)):
        T_multiply_2[T.int64(0), ax1, ax2] = compute[T.int64(0), ax1, ax2] * T.float32(0.5)
    for ax1, ax2 in T.grid(T.int64(4), T.int64(32)):
        T_add[T.int64(0), ax1, ax2] = T.float32(0.5) + T_multiply_2[T.int64(0), ax1, ax2]
    for ax1, ax2 in T.grid(T.int64(4), T.int64(32)):
        T_multiply[T.int64(0), ax1, ax2] = add3[T.int64(0), ax1, ax2] * T_add[T.int64(0), ax1, ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "float16", layout=None), B: T.Buffer((16,), "float16", layout=None), T_where: T.Buffer((16,), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_greater = T.alloc_buffer((16,), "bool", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0 in range(16):
        T_greater[ax0] = B[ax0] < A[ax0]
    for ax0 in range(16):
        T_where[ax0] = T.Select(0 < T.Cast("int32", T_greater[ax0]), A[ax0], B[ax0])

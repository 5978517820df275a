# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float16", layout=None), T_divide: T.Buffer((4,), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_red = T.alloc_buffer((4,), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, k1 in T.grid(4, 8):
        if k1 == 0:
            A_red[ax0] = T.float16(0.0)
        A_red[ax0] = A_red[ax0] + A[ax0, k1]
    for ax0 in range(4):
        T_divide[ax0] = A_red[ax0] / T.float16(8.0)

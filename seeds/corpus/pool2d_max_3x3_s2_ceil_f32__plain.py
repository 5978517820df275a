# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 9, 9), "float32", layout=None), pool_max: T.Buffer((1, 2, 4, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 2, 10, 10), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3 in T.grid(2, 10, 10):
        pad_temp[0, ax1, ax2, ax3] = T.if_then_else(ax2 < 9 and ax3 < 9, A[0, ax1, ax2, ax3], T.float32(-340282346638528859811704183484516925440.0))
    for ax1, ax2, ax3, rv0, rv1 in T.grid(2, 4, 4, 3, 3):
        if rv0 == 0 and rv1 == 0:
            pool_max[0, ax1, ax2, ax3] = T.float32(-340282346638528859811704183484516925440.0)
        pool_max[0, ax1, ax2, ax3] = T.max(pool_max[0, ax1, ax2, ax3], pad_temp[0, ax1, ax2 * 2 + rv0, ax3 * 2 + rv1])

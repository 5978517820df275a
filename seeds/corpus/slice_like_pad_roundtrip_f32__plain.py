# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 4), "float32", layout=None), T_strided_slice: T.Buffer((4, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    PadInput = T.alloc_buffer((6, 6), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1 in T.grid(6, 6):
        PadInput[i0, i1] = T.if_then_else(1 <= i0 and i0 < 5 and 1 <= i1 and i1 < 5, A[i0 - 1, i1 - 1], T.float32(0.0))
    for ax0, ax1 in T.grid(4, 4):
        T_strided_slice[ax0, ax1] = PadInput[ax0 + 1, ax1 + 1]

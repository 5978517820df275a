# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "int32", layout=None), B: T.Buffer((4, 8), "int32", layout=None), T_floor_mod: T.Buffer((4, 8), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_add = T.alloc_buffer((4, 8), "int32", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(4, 8):
        T_add[ax0, ax1] = B[ax0, ax1] + 1
    for ax0, ax1 in T.grid(4, 8):
        T_floor_mod[ax0, ax1] = A[ax0, ax1] % T_add[ax0, ax1]

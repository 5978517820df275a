# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), T_expand_dims: T.Buffer((4, 1, 1, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax3 in T.grid(4, 8):
        T_expand_dims[ax0, 0, 0, ax3] = A[ax0, ax3]

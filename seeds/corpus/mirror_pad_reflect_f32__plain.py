# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 5), "float32", layout=None), MirrorPadInput: T.Buffer((7, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(7, 8):
        MirrorPadInput[i0, i1] = A[T.if_then_else(5 <= i0, 7 - i0, T.if_then_else(i0 < 1, 1 - i0, i0 - 1)), T.if_then_else(6 <= i1, 9 - i1, T.if_then_else(i1 < 1, 1 - i1, i1 - 1))]

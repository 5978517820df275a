# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), PadInput: T.Buffer((7, 11), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(7, 11):
        PadInput[i0, i1] = T.if_then_else(1 <= i0 and i0 < 5 and 2 <= i1 and i1 < 10, A[i0 - 1, i1 - 2], T.float32(0.0))

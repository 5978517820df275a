# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 5), "float16", layout=None), PadInput: T.Buffer((4, 7), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(4, 7):
        PadInput[i0, i1] = T.if_then_else(0 <= i0 and i0 < 3 and 2 <= i1 and i1 < 7, A[i0, i1 - 2], T.float16(0.0))

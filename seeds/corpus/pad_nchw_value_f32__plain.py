# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 4, 4), "float32", layout=None), PadInput: T.Buffer((1, 2, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(2, 6, 6):
        PadInput[0, i1, i2, i3] = T.if_then_else(1 <= i2 and i2 < 5 and 1 <= i3 and i3 < 5, A[0, i1, i2 - 1, i3 - 1], T.float32(-1.0))

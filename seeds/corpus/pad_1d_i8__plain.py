# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((8,), "int8", layout=None), PadInput: T.Buffer((11,), "int8", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0 in range(11):
        PadInput[i0] = T.if_then_else(3 <= i0 and i0 < 11, A[i0 - 3], T.int8(0))

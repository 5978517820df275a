# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "bool", layout=None), A_red: T.Buffer((), "bool", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for k0, k1 in T.grid(4, 8):
        if k0 == 0 and k1 == 0:
            A_red[()] = T.bool(False)
        A_red[()] = A_red[()] or A[k0, k1]

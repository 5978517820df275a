# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 2, 3), "float32", layout=None), A_red: T.Buffer((), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for k0, k1, k2 in T.grid(2, 2, 3):
        if k0 == 0 and k1 == 0 and k2 == 0:
            A_red[()] = T.float32(1.0)
        A_red[()] = A_red[()] * A[k0, k1, k2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 4, 5), "float32", layout=None), A_red: T.Buffer((), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for k0, k1, k2 in T.grid(3, 4, 5):
        if k0 == 0 and k1 == 0 and k2 == 0:
            A_red[()] = T.float32(340282346638528859811704183484516925440.0)
        A_red[()] = T.min(A_red[()], A[k0, k1, k2])

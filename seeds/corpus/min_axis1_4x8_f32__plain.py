# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), A_red: T.Buffer((4,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, k1 in T.grid(4, 8):
        if k1 == 0:
            A_red[ax0] = T.float32(340282346638528859811704183484516925440.0)
        A_red[ax0] = T.min(A_red[ax0], A[ax0, k1])

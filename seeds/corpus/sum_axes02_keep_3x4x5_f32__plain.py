# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 4, 5), "float32", layout=None), A_red: T.Buffer((1, 4, 1), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, k0, k2 in T.grid(4, 3, 5):
        if k0 == 0 and k2 == 0:
            A_red[0, ax1, 0] = T.float32(0.0)
        A_red[0, ax1, 0] = A_red[0, ax1, 0] + A[k0, ax1, k2]

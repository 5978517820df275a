# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 4, 5), "float32", layout=None), B: T.Buffer((4, 5, 6), "float32", layout=None), T_tensordot: T.Buffer((3, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, k0, k1 in T.grid(3, 6, 4, 5):
        if k0 == 0 and k1 == 0:
            T_tensordot[ax0, ax1] = T.float32(0.0)
        T_tensordot[ax0, ax1] = T_tensordot[ax0, ax1] + A[ax0, k0, k1] * B[k0, k1, ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 6), "float32", layout=None), B: T.Buffer((6, 5), "float32", layout=None), T_einsum: T.Buffer((4, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, j in T.grid(4, 5, 6):
        if j == 0:
            T_einsum[ax0, ax1] = T.float32(0.0)
        T_einsum[ax0, ax1] = T_einsum[ax0, ax1] + A[ax0, j] * B[j, ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "float32", layout=None), B: T.Buffer((2, 4, 5), "float32", layout=None), T_einsum: T.Buffer((2, 3, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2, j in T.grid(2, 3, 5, 4):
        if j == 0:
            T_einsum[ax0, ax1, ax2] = T.float32(0.0)
        T_einsum[ax0, ax1, ax2] = T_einsum[ax0, ax1, ax2] + A[ax0, ax1, j] * B[ax0, j, ax2]

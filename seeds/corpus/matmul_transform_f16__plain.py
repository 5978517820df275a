# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float16", layout=None), B: T.Buffer((8, 4), "float16", layout=None), T_matmul: T.Buffer((4, 4), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, k in T.grid(4, 4, 8):
        if k == 0:
            T_matmul[ax0, ax1] = T.float16(0.0)
        T_matmul[ax0, ax1] = T_matmul[ax0, ax1] + A[ax0, k] * B[k, ax1]

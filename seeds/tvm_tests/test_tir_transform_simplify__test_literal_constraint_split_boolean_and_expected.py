# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16, 16), "int32"), n: T.int32):
    for i, j in T.grid(16, 16):
        if i == n and j == n:
            A[i, j] = 0

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    for i, j in T.grid(26, 42):
        B[i * 5 + 1, j * 3 + 2] = A[i * 5 + 1, j * 3 + 2] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((4, 4), "float32")):
    for i in range(4):
        x: T.let[T.float32] = T.Cast("float32", i + 1)
        for j in range(4):
            A[i, j] = T.float32(5.0) * T.Cast("float32", i + 1) + T.Cast("float32", j)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((4, 4), "float32")):
    for i, j, k in T.grid(4, 4, 4):
        if j < 3 and i < 2:
            A[i, j] = T.float32(0.0)

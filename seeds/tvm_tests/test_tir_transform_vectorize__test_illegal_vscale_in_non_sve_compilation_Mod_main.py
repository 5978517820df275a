# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32")):
    for j in T.vectorized(T.vscale() * 4):
        A[j] = T.float32(13.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(eye: T.Buffer((4, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i, j in T.grid(4, 5):
        eye[i, j] = T.if_then_else(i == j - 1, T.float32(1.0), T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 3, 3), "float32", layout=None), scale: T.Buffer((4,), "float32", layout=None), shift: T.Buffer((4,), "float32", layout=None), ScaleShift: T.Buffer((1, 4, 3, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for c, i, j in T.grid(4, 3, 3):
        ScaleShift[0, c, i, j] = A[0, c, i, j] * scale[c] + shift[c]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 3, 3), "float32", layout=None), resize: T.Buffer((1, 2, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(2, 6, 6):
        resize[0, i1, i2, i3] = A[0, i1, T.max(T.min(T.Div(i2, 2), 2), 0), T.max(T.min(T.Div(i3, 2), 2), 0)]

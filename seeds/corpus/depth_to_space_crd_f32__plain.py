# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 3, 3), "float32", layout=None), depth_to_space: T.Buffer((1, 2, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(2, 6, 6):
        depth_to_space[0, i1, i2, i3] = A[0, i1 * 4 + T.truncmod(i2, 2) * 2 + T.truncmod(i3, 2), T.Div(i2, 2), T.Div(i3, 2)]

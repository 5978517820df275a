# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 4, 4), "float32", layout=None), space_to_depth: T.Buffer((1, 8, 2, 2), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(8, 2, 2):
        space_to_depth[0, i1, i2, i3] = A[0, T.truncmod(i1, 2), i2 * 2 + T.Div(i1, 4), i3 * 2 + T.Div(T.truncmod(i1, 4), 2)]

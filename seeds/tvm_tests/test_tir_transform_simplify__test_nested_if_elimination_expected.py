# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(a: T.Buffer((2, 8), "int32"), b: T.Buffer((2, 8), "int32")):
    for i0, j0 in T.grid(2, 8):
        b[i0, j0] = T.if_then_else(i0 == 1 and 6 <= j0, 0, T.max(0, a[i0, j0]))

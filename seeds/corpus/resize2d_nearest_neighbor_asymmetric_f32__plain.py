# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 4, 4), "float32", layout=None), resize: T.Buffer((1, 2, 7, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(2, 7, 6):
        resize[0, i1, i2, i3] = A[0, i1, T.max(T.min(T.Cast("int32", T.floor(T.float32(0.57142859697341919) * T.Cast("float32", i2) + T.float32(1.0000000000000001e-05))), 3), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(0.66666668653488159) * T.Cast("float32", i3) + T.float32(1.0000000000000001e-05))), 3), 0)]

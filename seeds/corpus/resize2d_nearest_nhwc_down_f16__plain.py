# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 8, 2), "float16", layout=None), resize: T.Buffer((1, 3, 5, 2), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(3, 5, 2):
        resize[0, i1, i2, i3] = T.Cast("float16", T.Cast("float32", A[0, T.max(T.min(T.Cast("int32", T.floor(T.float32(2.6666667461395264) * T.Cast("float32", i1) + T.float32(1.0000000000000001e-05))), 7), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(1.6000000238418579) * T.Cast("float32", i2) + T.float32(1.0000000000000001e-05))), 7), 0), i3]))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 3, 5), "float32", layout=None), resize: T.Buffer((1, 3, 9), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2 in T.grid(3, 9):
        resize[0, i1, i2] = A[0, i1, T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5))), 4), 0)] * (T.float32(1.0) - ((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5)))))) + A[0, i1, T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5))) + 1, 4), 0)] * ((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5)))))

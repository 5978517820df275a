# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 3, 5), "float32"), resize: T.Buffer((1, 3, 9), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(1, 3, 9):
        with T.sblock("resize"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(A[v_i0, v_i1, 0:5])
            T.writes(resize[v_i0, v_i1, v_i2])
            resize[v_i0, v_i1, v_i2] = A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5))), 4), 0)] * (T.float32(1.0) - ((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5)))))) + A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5))) + 1, 4), 0)] * ((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5) - T.Cast("float32", T.Cast("int32", T.floor((T.Cast("float32", v_i2) + T.float32(0.5)) * T.float32(0.55555558204650879) - T.float32(0.5)))))

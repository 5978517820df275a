# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2, 4, 4), "float32"), resize: T.Buffer((1, 2, 7, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 2, 7, 6):
        with T.sblock("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, v_i1, 0:4, 0:4])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = (A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2))), 3), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3))), 3), 0)] * (T.float32(1.0) - (T.float32(0.60000002384185791) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3)))))) + A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2))), 3), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3))) + 1, 3), 0)] * (T.float32(0.60000002384185791) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3)))))) * (T.float32(1.0) - (T.float32(0.5) * T.Cast("float32", v_i2) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2)))))) + (A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2))) + 1, 3), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3))), 3), 0)] * (T.float32(1.0) - (T.float32(0.60000002384185791) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3)))))) + A[v_i0, v_i1, T.max(T.min(T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2))) + 1, 3), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3))) + 1, 3), 0)] * (T.float32(0.60000002384185791) * T.Cast("float32", v_i3) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.60000002384185791) * T.Cast("float32", v_i3)))))) * (T.float32(0.5) * T.Cast("float32", v_i2) - T.Cast("float32", T.Cast("int32", T.floor(T.float32(0.5) * T.Cast("float32", v_i2)))))

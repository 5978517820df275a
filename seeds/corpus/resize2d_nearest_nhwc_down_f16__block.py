# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 8, 8, 2), "float16"), resize: T.Buffer((1, 3, 5, 2), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 3, 5, 2):
        with T.sblock("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, 0:8, 0:8, v_i3])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", T.Cast("float32", A[v_i0, T.max(T.min(T.Cast("int32", T.floor(T.float32(2.6666667461395264) * T.Cast("float32", v_i1) + T.float32(1.0000000000000001e-05))), 7), 0), T.max(T.min(T.Cast("int32", T.floor(T.float32(1.6000000238418579) * T.Cast("float32", v_i2) + T.float32(1.0000000000000001e-05))), 7), 0), v_i3]))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 3, 3), "float32"), slope: T.Buffer((4,), "float32"), compute: T.Buffer((1, 4, 3, 3), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 4, 3, 3):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, v_i1, v_i2, v_i3], slope[v_i1])
            T.writes(compute[v_i0, v_i1, v_i2, v_i3])
            compute[v_i0, v_i1, v_i2, v_i3] = T.Select(T.float32(0.0) < A[v_i0, v_i1, v_i2, v_i3], A[v_i0, v_i1, v_i2, v_i3], A[v_i0, v_i1, v_i2, v_i3] * slope[v_i1])

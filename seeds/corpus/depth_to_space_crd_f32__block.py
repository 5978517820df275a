# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 8, 3, 3), "float32"), depth_to_space: T.Buffer((1, 2, 6, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 2, 6, 6):
        with T.sblock("depth_to_space"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, v_i1 * 4 + T.truncmod(v_i2, 2) * 2 + T.truncmod(v_i3, 2), T.Div(v_i2, 2), T.Div(v_i3, 2)])
            T.writes(depth_to_space[v_i0, v_i1, v_i2, v_i3])
            depth_to_space[v_i0, v_i1, v_i2, v_i3] = A[v_i0, v_i1 * 4 + T.truncmod(v_i2, 2) * 2 + T.truncmod(v_i3, 2), T.Div(v_i2, 2), T.Div(v_i3, 2)]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2, 4, 4), "float32"), space_to_depth: T.Buffer((1, 8, 2, 2), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 8, 2, 2):
        with T.sblock("space_to_depth"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, T.truncmod(v_i1, 2), v_i2 * 2 + T.Div(v_i1, 4), v_i3 * 2 + T.Div(T.truncmod(v_i1, 4), 2)])
            T.writes(space_to_depth[v_i0, v_i1, v_i2, v_i3])
            space_to_depth[v_i0, v_i1, v_i2, v_i3] = A[v_i0, T.truncmod(v_i1, 2), v_i2 * 2 + T.Div(v_i1, 4), v_i3 * 2 + T.Div(T.truncmod(v_i1, 4), 2)]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 3, 3), "float32"), scale: T.Buffer((4,), "float32"), shift: T.Buffer((4,), "float32"), ScaleShift: T.Buffer((1, 4, 3, 3), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for b, c, i, j in T.grid(1, 4, 3, 3):
        with T.sblock("ScaleShift"):
            v_b, v_c, v_i, v_j = T.axis.remap("SSSS", [b, c, i, j])
            T.reads(A[v_b, v_c, v_i, v_j], scale[v_c], shift[v_c])
            T.writes(ScaleShift[v_b, v_c, v_i, v_j])
            ScaleShift[v_b, v_c, v_i, v_j] = A[v_b, v_c, v_i, v_j] * scale[v_c] + shift[v_c]

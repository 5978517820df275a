# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(eye: T.Buffer((4, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, j in T.grid(4, 5):
        with T.sblock("eye"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(eye[v_i, v_j])
            eye[v_i, v_j] = T.if_then_else(v_i == v_j - 1, T.float32(1.0), T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(T_full: T.Buffer((), "float32")):
    # with T.sblock("root"):
    with T.sblock("T_full"):
        vi = T.axis.spatial(1, 0)
        T.reads()
        T.writes(T_full[()])
        T_full[()] = T.float32(1.0)

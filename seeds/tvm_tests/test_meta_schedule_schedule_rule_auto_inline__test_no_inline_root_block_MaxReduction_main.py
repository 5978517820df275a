# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((8, 8), "float32"), data_red: T.Buffer((), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    with T.sblock("data_red"):
        T.reads(data[0:8, 0:8])
        T.writes(data_red[()])
        with T.init():
            data_red[()] = T.float32(-339999999999999996123846586046231871488.0)
        for i, j in T.grid(8, 8):
            with T.sblock("update"):
                T.reads(data_red[()], data[i, j])
                T.writes(data_red[()])
                data_red[()] = T.max(data_red[()], data[i, j])

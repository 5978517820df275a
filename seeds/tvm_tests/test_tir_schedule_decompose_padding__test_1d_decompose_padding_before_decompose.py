# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before_decompose(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    # with T.sblock("root"):
    for i in range(140):
        with T.sblock("block"):
            vi = T.axis.spatial(140, i)
            T.reads(x[vi - 6])
            T.writes(y[vi])
            y[vi] = T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)

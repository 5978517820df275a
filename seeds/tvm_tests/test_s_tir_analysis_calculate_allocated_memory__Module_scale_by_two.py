# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def scale_by_two(a: T.Buffer((128,), "int8"), c: T.Buffer((128,), "int8")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("C"):
            T.reads(a[i])
            T.writes(c[i])
            c[i] = a[i] * T.int8(2)

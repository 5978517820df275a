# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def boolean_handling_before(a: T.Buffer((10,), "bool"), b: T.Buffer((10,), "bool")):
    # with T.sblock("root"):
    for i0 in range(10):
        with T.sblock("b"):
            T.reads(a[i0])
            T.writes(b[i0])
            b[i0] = a[i0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def scalar_add(a: T.Buffer((), "float32"), b: T.Buffer((), "float32"), c: T.Buffer((), "float32")):
    with T.sblock("scalar_add"):
        T.reads()
        T.writes()
        c[()] = a[()] + b[()]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        cos: T.float32 = T.cos(T.Cast("float32", i))
        sin: T.float32 = T.sin(T.Cast("float32", i))
        retval: T.float32 = cos * cos + sin * sin
        A[i] = retval

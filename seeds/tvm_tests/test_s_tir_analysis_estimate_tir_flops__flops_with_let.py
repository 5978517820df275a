# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def flops_with_let(a: T.Buffer((16,), "float32")):
    for i in range(8):
        j: T.int32 = i + 8
        a[j] = a[i]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def flops_with_variable_extent(a: T.Buffer((16,), "float32")):
    for i in range(8):
        for j in range(i + 8):
            a[j] = T.float32(2.0) * a[i]

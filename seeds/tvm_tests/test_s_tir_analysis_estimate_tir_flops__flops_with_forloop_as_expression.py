# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def flops_with_forloop_as_expression(A: T.Buffer((1,), "float32")):
    for i in range(16):
        for k in range(i):
            A[0] = A[0] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_unit_loop_func(A: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    for x, z in T.grid(4, 8):
        C[x * 8 + z] = A[x * 8 + z] + T.float32(1.0)

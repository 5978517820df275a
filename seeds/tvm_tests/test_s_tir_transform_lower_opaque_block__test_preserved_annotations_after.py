# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in T.serial(8, annotations={"k_0": 1, "k_1": [2, 3], "k_2": 3.1400000000000001}):
        B[i] = A[i] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(A: T.Buffer((160,), "int32"), B: T.Buffer((160,), "int32")):
    A_1 = T.decl_buffer((160,), "int32", data=A.data)
    B_1 = T.decl_buffer((160,), "int32", data=B.data)
    for i in T.serial(10, annotations={"key": "value"}):
        B_1[i] = A_1[i] + 1
    for i in T.serial(140, annotations={"key": "value"}):
        B_1[i + 10] = A_1[i + 10] + 2
    for i in T.serial(10, annotations={"key": "value"}):
        B_1[i + 150] = A_1[i + 150] + 3

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((10,), "int32")):
    for i in T.serial(1, annotations={"irregular_loop_mark": 1}):
        if A[i] > 5:
            T.break_loop()
        A[i] = A[i] + 1
    for j in T.serial(1, annotations={"irregular_loop_mark": 1}):
        if A[j] > 5:
            T.continue_loop()
        A[j] = A[j] + 1
    A[0] = A[0] + 1

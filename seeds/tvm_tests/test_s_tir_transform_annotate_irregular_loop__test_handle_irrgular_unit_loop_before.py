# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((10,), "int32")):
    for i in range(1):
        if A[i] > 5:
            T.break_loop()
        A[i] = A[i] + 1
    for j in range(1):
        if A[j] > 5:
            T.continue_loop()
        A[j] = A[j] + 1
    for k in range(1):
        A[k] = A[k] + 1

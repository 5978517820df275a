# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def func(A: T.Buffer((10,), "int32")):
    for x in range(10):
        A[x] = x + 1
        if x == 5:
            T.break_loop()
        T.continue_loop()

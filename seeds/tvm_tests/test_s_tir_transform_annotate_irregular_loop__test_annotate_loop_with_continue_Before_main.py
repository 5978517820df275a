# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((10,), "int32")):
    for i in range(10):
        if A[i] < 0:
            T.continue_loop()
        A[i] = A[i] * 2

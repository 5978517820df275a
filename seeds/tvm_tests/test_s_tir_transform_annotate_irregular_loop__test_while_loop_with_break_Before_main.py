# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((10,), "int32")):
    i: T.int32 = 0
    while i < 10:
        if A[i] > 5:
            T.break_loop()
        A[i] = A[i] + 1
        i = i + 1

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((10,), "int32"), flag1: T.int32, flag2: T.int32):
    for i in range(10):
        if flag1 > 0:
            if flag2 > 0:
                if A[i] > 5:
                    T.break_loop()
        A[i] = A[i] + 1

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 5, 5), "int32")):
    for i, j, k in T.grid(5, 5, 5):
        if A[i, j, k] > 10:
            T.break_loop()
        if A[i, j, k] < 0:
            T.continue_loop()
        A[i, j, k] = A[i, j, k] + 1

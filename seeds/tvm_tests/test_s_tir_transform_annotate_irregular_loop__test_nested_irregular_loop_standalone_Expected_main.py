# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 5, 5), "int32")):
    for i, j in T.grid(5, 5):
        for k in T.serial(5, annotations={"irregular_loop_mark": 1}):
            if A[i, j, k] > 10:
                T.break_loop()
            if A[i, j, k] < 0:
                T.continue_loop()
            A[i, j, k] = A[i, j, k] + 1

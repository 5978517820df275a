# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((10, 10), "int32")):
    for i in T.serial(10, annotations={"irregular_loop_mark": 1}):
        if i > 7:
            T.break_loop()
        for j in T.serial(10, annotations={"irregular_loop_mark": 1}):
            if A[i, j] < 0:
                T.continue_loop()
            A[i, j] = A[i, j] + 1

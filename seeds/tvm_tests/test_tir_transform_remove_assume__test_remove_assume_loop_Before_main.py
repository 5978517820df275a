# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int32")):
    for i in range(16):
        T.assume(A[i] == 0)
    for i in range(16):
        A[i] = 10

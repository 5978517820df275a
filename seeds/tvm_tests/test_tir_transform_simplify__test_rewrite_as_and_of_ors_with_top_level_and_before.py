# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((4,), "bool")):
    T.evaluate((A[0] or A[1]) and (A[1] or A[0] and A[2] and A[3]))

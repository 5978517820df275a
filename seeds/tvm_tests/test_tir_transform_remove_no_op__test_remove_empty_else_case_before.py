# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16,), "int32")):
    for i in range(16):
        if i < 8:
            A[i] = 42
        else:
            T.evaluate(0)

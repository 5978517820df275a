# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16,), "int32"), n: T.int32):
    for i in range(16):
        if i == n:
            if i != n:
                A[i] = 0
            else:
                A[i] = 1

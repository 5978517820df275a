# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(B: T.Buffer((16,), "int32")):
    A = T.alloc_local((16,), "int32")
    for i in range(16):
        A[i] = 0
    for i in range(16):
        B[i] = A[i]

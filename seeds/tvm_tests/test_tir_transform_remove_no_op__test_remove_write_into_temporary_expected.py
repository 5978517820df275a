# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16,), "int32"), C: T.Buffer((1,), "int32")):
    B = T.alloc_local((16,), "int32")
    for i in range(16):
        B[i] = A[i]
    C[0] = 0
    for i in range(16):
        C[0] = C[0] + B[i]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((10,), "float32"), D: T.Buffer((10,), "float32")):
    B = T.alloc_buffer((2,))
    C = T.alloc_buffer((2,))
    for i in range(2):
        B[i] = A[i] + T.float32(1.0)
        if i == 1:
            C[i - 1] = B[i - 1] + T.float32(2.0)
    for i in range(10):
        if i < 8:
            B[i % 2] = A[i + 2] + T.float32(1.0)
        if i < 9:
            C[(i + 1) % 2] = B[(i + 1) % 2] + T.float32(2.0)
        D[i] = C[i % 2] + T.float32(3.0)

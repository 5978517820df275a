# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((10,), "float32"), D: T.Buffer((10,), "float32")):
    B = T.alloc_buffer((2,))
    C = T.alloc_buffer((2,))
    for i in T.serial(12, annotations={"pragma_loop_partition_hint": 1}):
        if T.ignore_loop_partition(i < 10):
            B[i % 2] = A[i] + T.float32(1.0)
        if T.ignore_loop_partition(1 <= i and i < 11):
            C[(i - 1) % 2] = B[(i - 1) % 2] + T.float32(2.0)
        if 2 <= i:
            D[i - 2] = C[i % 2] + T.float32(3.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def access_alloc():
    A = T.alloc_buffer((128,), "float16")
    T.evaluate(A.data)
    for i in range(128):
        A[i] = A[i] + T.float16(1.0)

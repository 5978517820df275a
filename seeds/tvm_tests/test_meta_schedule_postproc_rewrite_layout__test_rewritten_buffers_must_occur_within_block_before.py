# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16, 16), "float32")):
    T.func_attr({"layout_free_buffers": [0]})
    for i, j in T.grid(16, 16):
        T.evaluate(A[i, j])

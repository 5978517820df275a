# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "float16", layout=None), compute: T.Buffer((16,), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0 in range(16):
        compute[i0] = T.floor(A[i0])

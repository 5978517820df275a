# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "float32", layout=None), tensor: T.Buffer((16,), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(16):
        tensor[ax0] = T.reinterpret("int32", A[ax0])

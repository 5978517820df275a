# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "int32", offset_factor=1, layout=None), out_buf: T.Buffer((16,), "int32")):
    T.func_attr({"tirx.noalias": True})
    out_buf[T.Mul(0, 16)] = 0
    for v in range(15):
        out_buf[T.Mul(0, 16) + (v + 1)] = out_buf[T.Mul(0, 16) + (v + 1 - 1)] + A[T.Mul(0, 16) + (v + 1 - 1)]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 4, 5), "int64", layout=None), A_red: T.Buffer((), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for k0, k1, k2 in T.grid(3, 4, 5):
        if k0 == 0 and k1 == 0 and k2 == 0:
            A_red[()] = T.int64(9223372036854775807)
        A_red[()] = T.min(A_red[()], A[k0, k1, k2])

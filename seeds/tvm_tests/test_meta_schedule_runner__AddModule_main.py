# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in range(32):
        with T.sblock("add"):
            vi = T.axis.spatial(32, i)
            T.reads(A[vi], B[vi])
            T.writes(C[vi])
            C[vi] = A[vi] + B[vi]

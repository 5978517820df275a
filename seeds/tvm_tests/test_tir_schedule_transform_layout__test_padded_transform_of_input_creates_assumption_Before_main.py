# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14,), "int32"), B: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]

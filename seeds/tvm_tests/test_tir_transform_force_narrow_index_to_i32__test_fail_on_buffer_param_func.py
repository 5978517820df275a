# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((128,), "int64"), B: T.Buffer((128,), "int64")):
    # with T.sblock("root"):
    for i, j in T.grid(16, 8):
        with T.sblock(""):
            vi = T.axis.spatial(128, i * 8 + j)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.int64(1)

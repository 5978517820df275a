# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_decompose1(A: T.Buffer((32, 4, 128), "float32"), B: T.Buffer((32, 4), "float32")):
    # with T.sblock("root"):
    for i0 in range(32):
        with T.sblock("blockized_B_init"):
            io = T.axis.spatial(32, i0)
            T.reads()
            T.writes(B[io, 0:4])
            for i1 in range(4):
                with T.sblock("B_init"):
                    ii = T.axis.spatial(4, i1)
                    T.reads()
                    T.writes(B[io, ii])
                    B[io, ii] = T.float32(0.0)
    for i0, i2_o in T.grid(32, 16):
        with T.sblock("blockized_B_update"):
            io, ko = T.axis.remap("SR", [i0, i2_o])
            T.reads(B[io, 0:4], A[io, 0:4, ko * 8:ko * 8 + 8])
            T.writes(B[io, 0:4])
            for i1, i2_i in T.grid(4, 8):
                with T.sblock("B"):
                    ii = T.axis.spatial(4, i1)
                    k = T.axis.reduce(128, ko * 8 + i2_i)
                    T.reads(B[io, ii], A[io, ii, k])
                    T.writes(B[io, ii])
                    B[io, ii] = B[io, ii] + A[io, ii, k]

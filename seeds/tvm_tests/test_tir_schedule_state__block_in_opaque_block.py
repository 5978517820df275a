# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def block_in_opaque_block(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i)
            T.reads(A[0:128, 0:128])
            T.writes(B[0:128, 0:128])
            B[vi, 0] = A[vi, 0]
            if A[vi, 0] == T.float32(0.0):
                with T.sblock("C"):
                    T.reads(A[0:128, 0:128])
                    T.writes(B[0:128, 0:128])
                    for j in range(128):
                        with T.sblock("D"):
                            vj = T.axis.spatial(128, j)
                            T.reads(A[vi, vj])
                            T.writes(B[vi, vj])
                            B[vi, vj] = A[vi, vj] * T.float32(3.0)
            else:
                with T.sblock("E"):
                    T.reads(A[0:128, 0:128])
                    T.writes(B[0:128, 0:128])
                    for j in range(128):
                        with T.sblock("F"):
                            vj = T.axis.spatial(128, j)
                            T.reads(A[vi, vj])
                            T.writes(B[vi, vj])
                            B[vi, vj] = A[vi, vj] * T.float32(2.0)

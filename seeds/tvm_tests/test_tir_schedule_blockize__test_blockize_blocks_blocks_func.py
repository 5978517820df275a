# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def blocks_func(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for m in range(6):
        for i, j in T.grid(3, 1):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for i, j in T.grid(128, 64):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj + 64])
                T.writes(B[vi, vj + 64])
                B[vi, vj + 64] = A[vi, vj + 64] * T.float32(3.0)

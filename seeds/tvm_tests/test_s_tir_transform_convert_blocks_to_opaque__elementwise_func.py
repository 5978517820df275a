# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_func(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        with T.sblock(""):
            T.reads(A[i, 0:16])
            T.writes(C[i, 0:16])
            B = T.sblock_alloc_buffer((16, 16))
            for j in range(16):
                with T.sblock(""):
                    vi, vj = T.axis.remap("SS", [i, j])
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] + T.float32(1.0)
            for j in range(16):
                with T.sblock(""):
                    vi, vj = T.axis.remap("SS", [i, j])
                    T.reads(B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = B[vi, vj] * T.float32(2.0)

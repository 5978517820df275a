# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(512, 512):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)

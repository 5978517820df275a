# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def outer_product_desc(A: T.Buffer((16, 1), "float32", offset_factor=1), B: T.Buffer((16, 1), "float32", offset_factor=1), C: T.Buffer((16, 16), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(C[0:16, 0:16], A[0:16, 0], B[0:16, 0])
        T.writes(C[0:16, 0:16])
        for i, j in T.grid(16, 16):
            with T.sblock("update"):
                vii, vjj = T.axis.remap("SS", [i, j])
                T.reads(C[vii, vjj], A[vii, 0], B[vjj, 0])
                T.writes(C[vii, vjj])
                C[vii, vjj] = C[vii, vjj] + A[vii, 0] * B[vjj, 0]

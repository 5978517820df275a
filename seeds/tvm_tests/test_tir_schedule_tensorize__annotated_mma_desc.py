# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def annotated_mma_desc(A: T.Buffer((16, 16), "float32", offset_factor=1), B: T.Buffer((16, 16), "float32", offset_factor=1), C: T.Buffer((16, 16), "float32", offset_factor=1)):
    with T.sblock("root"):
        T.reads(C[0:16, 0:16], A[0:16, 0:16], B[0:16, 0:16])
        T.writes(C[0:16, 0:16])
        for i, j, k in T.grid(16, 16, 16):
            with T.sblock("update"):
                vii, vjj, vkk = T.axis.remap("SSR", [i, j, k])
                T.reads(C[vii, vjj], A[vii, vkk], B[vjj, vkk])
                T.writes(C[vii, vjj])
                T.sblock_attr({"test_annotation": True})
                C[vii, vjj] = C[vii, vjj] + A[vii, vkk] * B[vjj, vkk]

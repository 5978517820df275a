# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((2,), "float32"), E: T.Buffer((2,), "float32")):
    # with T.sblock("root"):
    for i in T.serial(2, annotations={"software_pipeline_order": [0, 1, 2, 3], "software_pipeline_stage": [0, 1, 2, 3]}):
        with T.sblock("compute"):
            T.reads(A[i])
            T.writes(E[i])
            B = T.sblock_alloc_buffer((1,), scope="shared")
            C = T.sblock_alloc_buffer((1,), scope="shared")
            D = T.sblock_alloc_buffer((1,), scope="shared")
            with T.sblock(""):
                T.reads(A[i])
                T.writes(B[0])
                B[0] = A[i] * T.float32(2.0)
            with T.sblock(""):
                T.reads(B[0])
                T.writes(C[0])
                C[0] = B[0] + T.float32(3.0)
            with T.sblock(""):
                T.reads(C[0])
                T.writes(D[0])
                D[0] = C[0] + T.float32(4.0)
            with T.sblock(""):
                T.reads(D[0])
                T.writes(E[i])
                E[i] = D[0] + T.float32(5.0)

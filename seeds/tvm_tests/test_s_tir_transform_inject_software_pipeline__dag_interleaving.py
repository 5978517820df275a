# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dag_interleaving(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_order": [0, 2, 1, 3, 4], "software_pipeline_stage": [0, 0, 0, 0, 1]}):
            with T.sblock(""):
                T.reads(A[tx, i])
                T.writes(C[tx, i])
                AS = T.sblock_alloc_buffer((16, 1), scope="shared")
                BS = T.sblock_alloc_buffer((16, 1), scope="shared")
                AL = T.sblock_alloc_buffer((1, 1), scope="local")
                BL = T.sblock_alloc_buffer((1, 1), scope="local")
                with T.sblock(""):
                    T.reads(A[tx, i])
                    T.writes(AS[tx, 0])
                    AS[tx, 0] = A[tx, i] * T.float32(2.0)
                with T.sblock(""):
                    T.reads(AS[tx, 0])
                    T.writes(AL[0, 0])
                    AL[0, 0] = AS[tx, 0]
                with T.sblock(""):
                    T.reads(B[tx, i])
                    T.writes(BS[tx, 0])
                    BS[tx, 0] = B[tx, i] + T.float32(2.0)
                with T.sblock(""):
                    T.reads(BS[tx, 0])
                    T.writes(BL[0, 0])
                    BL[0, 0] = BS[tx, 0]
                with T.sblock(""):
                    T.reads(AL[0, 0], BL[0, 0])
                    T.writes(C[tx, i])
                    C[tx, i] = AL[0, 0] * BL[0, 0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def simple_compute_missing_annotation(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_stage": [0, 1]}):
            with T.sblock(""):
                T.reads(A[tx, i])
                T.writes(C[tx, i])
                B = T.sblock_alloc_buffer((16, 1), scope="shared")
                with T.sblock(""):
                    T.reads(A[tx, i])
                    T.writes(B[tx, 0])
                    B[tx, 0] = A[tx, i] * T.float32(2.0)
                with T.sblock(""):
                    T.reads(B[tx, 0])
                    T.writes(C[tx, i])
                    C[tx, i] = B[tx, 0] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 14), "float32"), B: T.Buffer((16, 14), "float32"), C: T.Buffer((16, 16), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_async_stages": [0], "software_pipeline_order": [0, 2, 1], "software_pipeline_stage": [0, 0, 3]}):
            with T.sblock("compute"):
                T.reads(A[tx, i])
                T.writes(C[tx, i])
                A_shared = T.sblock_alloc_buffer((16, 1), scope="shared")
                B_shared = T.sblock_alloc_buffer((16, 1), scope="shared")
                with T.sblock(""):
                    T.reads(A[tx, i])
                    T.writes(A_shared[tx, 0])
                    A_shared[tx, 0] = T.if_then_else(1 <= i and i < 15, A[tx, i - 1], T.float32(0.0))
                with T.sblock(""):
                    T.reads(B[tx, i])
                    T.writes(B_shared[tx, 0])
                    B_shared[tx, 0] = T.if_then_else(1 <= i and i < 15, B[tx, i - 1], T.float32(0.0))
                with T.sblock(""):
                    T.reads(A_shared[tx, 0], B_shared[tx, 0])
                    T.writes(C[tx, i])
                    C[tx, i] = A_shared[tx, 0] + B_shared[tx, 0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1024, 1024), "float32"), B: T.Buffer((1024, 1024), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"warp_execution": True})
        for bx in T.thread_binding(8, thread="blockIdx.x"):
            for by in T.thread_binding(8, thread="blockIdx.y"):
                for ty in T.thread_binding(8, thread="threadIdx.y"):
                    with T.sblock(""):
                        T.reads(A[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                        T.writes(B[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                        A_shared_dyn = T.sblock_alloc_buffer((128, 128), scope="shared.dyn")
                        with T.sblock("A_shared"):
                            T.reads(A[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                            T.writes(A_shared_dyn[0:128, 0:128])
                            T.sblock_attr({"auto_copy": True, "local_stage": True, "vector_bytes": 16})
                            for ax0, ax1 in T.grid(128, 128):
                                A_shared_dyn[ax0, ax1] = A[bx * 128 + ax0, by * 128 + ax1]
                        with T.sblock("B"):
                            T.reads(A_shared_dyn[0:128, 0:128])
                            T.writes(B[bx * 128:bx * 128 + 128, by * 128:by * 128 + 128])
                            for ax0, ax1 in T.grid(128, 128):
                                B[bx * 128 + ax0, by * 128 + ax1] = A_shared_dyn[ax0, ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1024, 1024), "float32"), B: T.Buffer((1024, 1024), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"warp_execution": True})
        for ty in T.thread_binding(8, thread="threadIdx.y"):
            with T.sblock(""):
                T.reads(A[0:128, 0:16])
                T.writes(B[0:16, 0:128])
                A_shared_dyn = T.sblock_alloc_buffer((16, 128), scope="shared.dyn")
                with T.sblock("A_shared"):
                    T.reads(A[0:128, 0:16])
                    T.writes(A_shared_dyn[0:16, 0:128])
                    T.sblock_attr({"auto_copy": True})
                    for ax0, ax1 in T.grid(128, 16):
                        A_shared_dyn[ax1, ax0] = A[ax0, ax1]
                with T.sblock("B"):
                    T.reads(A_shared_dyn[0:16, 0:128])
                    T.writes(B[0:16, 0:128])
                    T.sblock_attr({"auto_copy": True})
                    for ax1, ax0 in T.grid(16, 128):
                        B[ax1, ax0] = A_shared_dyn[ax1, ax0]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"warp_execution": True})
        for bx in T.thread_binding(8, thread="blockIdx.x"):
            for by in T.thread_binding(8, thread="blockIdx.y"):
                for ty in T.thread_binding(8, thread="threadIdx.y"):
                    with T.sblock(""):
                        T.reads()
                        T.writes()
                        A_shared_dyn = T.sblock_alloc_buffer((128, 128), "float16", strides=(136, 1), scope="shared.dyn")
                        A_wmma = T.sblock_alloc_buffer((128, 128), "float16", scope="wmma.matrix_a")
                        with T.sblock("C_shared"):
                            T.reads(A_shared_dyn[0:128, 0:128])
                            T.writes(A_wmma[0:128, 0:128])
                            T.sblock_attr({"auto_copy": True})
                            for ax00, ax10 in T.grid(8, 8):
                                with T.sblock("wmma_load"):
                                    T.reads(A_shared_dyn[ax00 * 16:ax00 * 16 + 16, ax10 * 16:ax10 * 16 + 16])
                                    T.writes(A_wmma[ax00 * 16:ax00 * 16 + 16, ax10 * 16:ax10 * 16 + 16])
                                    src = T.match_buffer(A_shared_dyn[ax00 * 16:ax00 * 16 + 16, ax10 * 16:ax10 * 16 + 16], (16, 16), "float16", strides=("s1", "s0"), scope="shared.dyn", offset_factor=16)
                                    tgt = T.match_buffer(A_wmma[ax00 * 16:ax00 * 16 + 16, ax10 * 16:ax10 * 16 + 16], (16, 16), "float16", scope="wmma.matrix_a", offset_factor=16)
                                    T.tvm_load_matrix_sync(tgt.data, 16, 16, 16, tgt.elem_offset // 256 + tgt.elem_offset % 256 // 16, T.tvm_access_ptr(T.type_annotation("float16"), src.data, src.elem_offset, src.strides[0] * 16, 1), src.strides[0], "row_major")

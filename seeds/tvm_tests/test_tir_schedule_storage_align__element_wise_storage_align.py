# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_storage_align(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i0 in range(128):
        for ax1 in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i0, ax1])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                T.sblock_attr({"buffer_dim_align": [[0, 0, 128, 127]]})
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for i1 in range(128):
            with T.sblock("C"):
                vi_1, vj_1 = T.axis.remap("SS", [i0, i1])
                T.reads(B[vi_1, vj_1])
                T.writes(C[vi_1, vj_1])
                C[vi_1, vj_1] = B[vi_1, vj_1] + T.float32(1.0)

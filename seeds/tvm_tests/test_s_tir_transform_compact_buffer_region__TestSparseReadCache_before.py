# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A_data: T.Buffer((819,), "float32"), B: T.Buffer((128,), "float32"), A_indptr: T.Buffer((129,), "int32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("rowsum_outer"):
            T.reads(A_indptr[i], A_data[A_indptr[i]:A_indptr[i] + (A_indptr[i + 1] - A_indptr[i])])
            T.writes(B[i])
            with T.sblock("rowsum_init"):
                T.reads()
                T.writes(B[i])
                B[i] = T.float32(0.0)
            for k in range(A_indptr[i + 1] - A_indptr[i]):
                with T.sblock(""):
                    T.reads(A_indptr[i], A_data[A_indptr[i] + k], B[i])
                    T.writes(B[i])
                    A_data_local = T.sblock_alloc_buffer((819,), scope="local")
                    with T.sblock("A_data_cache_read"):
                        T.reads(A_indptr[i], A_data[A_indptr[i] + k])
                        T.writes(A_data_local[A_indptr[i] + k])
                        A_data_local[A_indptr[i] + k] = A_data[A_indptr[i] + k]
                    with T.sblock("rowsum_inner"):
                        T.reads(B[i], A_indptr[i], A_data[A_indptr[i] + k])
                        T.writes(B[i])
                        B[i] = B[i] + A_data_local[A_indptr[i] + k]

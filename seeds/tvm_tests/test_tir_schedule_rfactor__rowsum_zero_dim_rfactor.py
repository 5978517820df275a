# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_zero_dim_rfactor(A: T.Buffer((128,), "float32"), B: T.Buffer((), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((128,), elem_offset=T.int64(0))
    for i in range(128):
        with T.sblock("B_rf"):
            vi0 = T.axis.spatial(128, i)
            T.reads(A[vi0])
            T.writes(B_rf[vi0])
            B_rf[vi0] = A[vi0]
    for i in range(128):
        with T.sblock("B"):
            vi0_1 = T.axis.reduce(128, i)
            T.reads(B_rf[vi0_1])
            T.writes(B[()])
            with T.init():
                B[()] = T.float32(0.0)
            B[()] = B[()] + B_rf[vi0_1]

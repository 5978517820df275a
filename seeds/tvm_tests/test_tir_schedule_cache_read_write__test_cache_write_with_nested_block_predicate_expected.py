# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A_buf: T.Buffer((12, 24), "float32"), C_buf: T.Buffer((10, 20), "float32")):
    # with T.sblock("root"):
    C_buf_local = T.sblock_alloc_buffer((10, 20), scope="local")
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_buf[vi, vj])
            T.writes(C_buf_local[vi, vj])
            with T.sblock("inner"):
                T.where(vi < 10 and vj < 20)
                T.reads(A_buf[vi, vj])
                T.writes(C_buf_local[vi, vj])
                C_buf_local[vi, vj] = A_buf[vi, vj] * T.float32(2.0)
    for ax0, ax1 in T.grid(10, 20):
        with T.sblock("C_buf_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C_buf_local[v0, v1])
            T.writes(C_buf[v0, v1])
            C_buf[v0, v1] = C_buf_local[v0, v1]

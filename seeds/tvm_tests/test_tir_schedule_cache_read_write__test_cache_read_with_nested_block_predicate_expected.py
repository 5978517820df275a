# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A_buf: T.Buffer((12, 24), "float32"), C_buf: T.Buffer((10, 20), "float32")):
    # with T.sblock("root"):
    A_buf_local = T.sblock_alloc_buffer((10, 20), scope="local")
    for ax0, ax1 in T.grid(10, 20):
        with T.sblock("A_buf_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_buf[v0, v1])
            T.writes(A_buf_local[v0, v1])
            A_buf_local[v0, v1] = A_buf[v0, v1]
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_buf_local[vi, vj])
            T.writes(C_buf[vi, vj])
            with T.sblock("inner"):
                T.where(vi < 10 and vj < 20)
                T.reads(A_buf_local[vi, vj])
                T.writes(C_buf[vi, vj])
                C_buf[vi, vj] = A_buf_local[vi, vj] * T.float32(2.0)

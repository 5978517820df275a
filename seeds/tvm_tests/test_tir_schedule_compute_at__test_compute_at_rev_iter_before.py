# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(X: T.Buffer((10, 10), "float32"), Z: T.Buffer((10, 10), "float32")):
    # with T.sblock("root"):
    Y = T.sblock_alloc_buffer((10, 10))
    for i, j in T.grid(10, 10):
        with T.sblock("b0"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(X[vi, vj])
            T.writes(Y[9 - vi, 9 - vj])
            Y[9 - vi, 9 - vj] = X[vi, vj] + T.float32(1.0)
    for i, j in T.grid(10, 10):
        with T.sblock("b1"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(Y[vj, vi])
            T.writes(Z[vi, vj])
            Z[vi, vj] = Y[vj, vi] + T.float32(2.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(A: T.Buffer((T.int64(58),), "int32")):
    # with T.sblock("root"):
    for i in range(T.int64(58)):
        with T.sblock("block"):
            vi = T.axis.spatial(T.int64(58), i)
            T.reads()
            T.writes(A[vi])
            A[vi] = 0

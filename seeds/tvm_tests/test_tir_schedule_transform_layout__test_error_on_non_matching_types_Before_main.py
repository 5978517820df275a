# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((14,))
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.float32(0.0)

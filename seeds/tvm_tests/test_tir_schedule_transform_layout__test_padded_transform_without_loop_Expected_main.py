# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "int32")):
    # with T.sblock("root"):
    with T.sblock("block"):
        T.reads()
        T.writes(A[0, 0])
        A[0, 0] = 0
    for i, j in T.grid(4, 4):
        with T.sblock("buffer_A_padding"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(i == 3 and 2 <= j)
            T.reads()
            T.writes(A[vi, vj])
            A[vi, vj] = 0

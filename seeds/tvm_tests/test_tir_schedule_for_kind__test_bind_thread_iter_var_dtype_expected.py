# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((T.int64(128), T.int64(128)), "float32"), B: T.Buffer((T.int64(128), T.int64(128)), "float32")):
    # with T.sblock("root"):
    for i0 in T.thread_binding(T.int64(128), thread="threadIdx.x"):
        for i1 in range(T.int64(128)):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i0, i1])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def element_wise_i_bound(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i0 in T.thread_binding(128, thread="threadIdx.x"):
        for i1 in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i0, i1])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)

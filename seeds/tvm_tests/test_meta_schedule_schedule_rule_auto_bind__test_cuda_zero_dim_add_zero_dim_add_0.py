# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def zero_dim_add_0(A: T.Buffer((), "float32"), B: T.Buffer((), "float32"), C: T.Buffer((), "float32")):
    # with T.sblock("root"):
    for u_fused_0 in T.thread_binding(1, thread="blockIdx.x"):
        for u_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
            with T.sblock("C"):
                vi = T.axis.spatial(1, 0)
                T.reads(A[()], B[()])
                T.writes(C[()])
                C[()] = A[()] + B[()]

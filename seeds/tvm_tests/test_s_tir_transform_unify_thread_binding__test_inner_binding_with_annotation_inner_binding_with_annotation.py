# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inner_binding_with_annotation(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    for bx in T.thread_binding(32, thread="blockIdx.x"):
        for tx in T.thread_binding(2, thread="threadIdx.x", annotations={"my_annotation": 1}):
            with T.sblock("block"):
                v = T.axis.spatial(64, bx * 2 + tx)
                T.reads(A[v])
                T.writes(B[v])
                B[v] = A[v]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 256, 256), "float32"), D: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((1,))
    for i0_fused_0 in T.thread_binding(1, thread="blockIdx.x"):
        for i0_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
            for i1, i2 in T.grid(256, 256):
                with T.sblock("C"):
                    b = T.axis.spatial(1, 0)
                    i, j = T.axis.remap("RR", [i1, i2])
                    T.reads(A[b, i, j])
                    T.writes(C[b])
                    with T.init():
                        C[b] = T.float32(0.0)
                    C[b] = C[b] + A[b, i, j] * A[b, i, j]
    for i0_fused_0 in T.thread_binding(1, thread="blockIdx.x"):
        for i0_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
            with T.sblock("D"):
                b = T.axis.spatial(1, 0)
                T.reads(C[b])
                T.writes(D[b])
                D[b] = T.sqrt(C[b])

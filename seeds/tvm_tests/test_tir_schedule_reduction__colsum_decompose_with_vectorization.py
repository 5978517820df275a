# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def colsum_decompose_with_vectorization(A: T.Buffer((128, 32), "float32"), B: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for i in T.vectorized(32):
        with T.sblock("B_init"):
            vi = T.axis.spatial(32, i)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.float32(0.0)
    for k in range(128):
        for i in T.vectorized(32):
            with T.sblock("B"):
                vk, vi = T.axis.remap("RS", [k, i])
                T.reads(B[vi], A[vk, vi])
                T.writes(B[vi])
                B[vi] = B[vi] + A[vk, vi]

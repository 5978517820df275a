# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def nested_block(A: T.Buffer((1, 64), "float32"), B: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    for i, ko in T.grid(1, 2):
        with T.sblock("outer"):
            vi, vko = T.axis.remap("SR", [i, ko])
            T.reads(A[vi, vko * 32:vko * 32 + 32])
            T.writes(B[vi])
            C = T.sblock_alloc_buffer((32,))
            with T.init():
                B[vi] = T.float32(0.0)
            for ki in range(32):
                with T.sblock("inner_1"):
                    vki = T.axis.spatial(32, ki)
                    T.reads(A[vi, vko * 32 + vki])
                    T.writes(C[vki])
                    C[vki] = A[vi, vko * 32 + vki]
            for ki in range(32):
                with T.sblock("inner_2"):
                    vki = T.axis.reduce(32, ki)
                    T.reads(B[vi], C[vki])
                    T.writes(B[vi])
                    B[vi] = B[vi] + C[vki]

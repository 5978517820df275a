# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    temp_local = T.sblock_alloc_buffer((256,))
    for i, k in T.grid(256, 256):
        with T.sblock("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(temp_local[vi])
            with T.init():
                temp_local[vi] = T.float32(0.0)
            temp_local[vi] = temp_local[vi] + A[vi, vk]
    for i in range(256):
        with T.sblock("add"):
            vi = T.axis.spatial(256, i)
            T.reads(temp_local[vi])
            T.writes(B[vi])
            B[vi] = temp_local[vi] + T.float32(1.0)

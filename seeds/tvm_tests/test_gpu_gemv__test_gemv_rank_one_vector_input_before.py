# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(matrix: T.Buffer((2, 2), "float32"), vector: T.Buffer((2,), "float32"), output: T.Buffer((2,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, k in T.grid(2, 2):
        with T.sblock("gemv"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(matrix[vi, vk], vector[vk])
            T.writes(output[vi])
            with T.init():
                output[vi] = T.float32(0.0)
            output[vi] = output[vi] + matrix[vi, vk] * vector[vk]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
    for i, j in T.grid(16, 16):
        with T.sblock("relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(C[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = T.max(C[vi, vj], T.float32(0.0))

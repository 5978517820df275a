# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int32"), n: T.int32):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer(((-16 % n + 16) // n, n), "int32")
    for i, j in T.grid((-16 % n + 16) // n, n):
        with T.sblock("block"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vj + vi * n])
            T.writes(B[vi, vj])
            B[vi, vj] = T.if_then_else(-16 % n != 0 and (vj + vi * n) // n == 16 // n and 16 % n <= (vj + vi * n) % n, 0, A[vj + vi * n])

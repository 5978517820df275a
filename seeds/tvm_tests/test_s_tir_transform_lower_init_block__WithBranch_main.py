# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((64, 64, 64), "float32"), B: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    for i0, j0 in T.grid(64, 64):
        for k0 in range(32, 64):
            with T.sblock(""):
                i, j, k = T.axis.remap("SRR", [i0, j0, k0])
                T.reads(A[i, j, k])
                T.writes(B[i])
                if j == 0 and k == 32:
                    B[i] = T.float32(0.0)
                B[i] = B[i] + A[i, j, k]

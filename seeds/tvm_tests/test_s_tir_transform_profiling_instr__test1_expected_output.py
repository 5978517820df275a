# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def test1_expected_output(A: T.Buffer((8, 8, 128), "int32"), B: T.Buffer((8, 8, 128), "int32"), C: T.Buffer((8, 8, 128), "int32")):
    # with T.sblock("root"):
    for i, j in T.grid(8, 8):
        T.start_profile_intrinsic(3)
        for k, l in T.grid(8, 16):
            with T.sblock("B"):
                vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
                T.reads(A[vi, vj, vk * 16 + vl])
                T.writes(B[vi, vj, vk * 16 + vl])
                B[vi, vj, vk * 16 + vl] = A[vi, vj, vk * 16 + vl] * 2
        T.end_profile_intrinsic(3)
        T.start_profile_intrinsic(5)
        for k, l in T.grid(8, 16):
            with T.sblock("C"):
                vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
                T.reads(B[vi, vj, vk * 16 + vl])
                T.writes(C[vi, vj, vk * 16 + vl])
                C[vi, vj, vk * 16 + vl] = B[vi, vj, vk * 16 + vl] * 2
        T.end_profile_intrinsic(5)

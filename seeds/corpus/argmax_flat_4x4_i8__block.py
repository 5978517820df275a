# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "int8"), A_red: T.Buffer((), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0 = T.sblock_alloc_buffer((), "int32")
    A_red_temp_v1 = T.sblock_alloc_buffer((), "int8")
    for k0, k1 in T.grid(4, 4):
        with T.sblock("A_red_temp"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            T.reads(A[v_k0, v_k1])
            T.writes(A_red_temp_v0[()], A_red_temp_v1[()])
            with T.init():
                A_red_temp_v0[()] = -1
                A_red_temp_v1[()] = T.int8(-128)
            v_A_red_temp_v0: T.let[T.int32] = T.Select(A_red_temp_v1[()] > A[v_k0, v_k1] or A_red_temp_v1[()] == A[v_k0, v_k1] and A_red_temp_v0[()] < v_k0 * 4 + v_k1, A_red_temp_v0[()], v_k0 * 4 + v_k1)
            v_A_red_temp_v1: T.let[T.int8] = T.Select(A_red_temp_v1[()] > A[v_k0, v_k1], A_red_temp_v1[()], A[v_k0, v_k1])
            A_red_temp_v0[()] = v_A_red_temp_v0
            A_red_temp_v1[()] = v_A_red_temp_v1
    with T.sblock("A_red"):
        vi = T.axis.spatial(1, 0)
        T.reads(A_red_temp_v0[()])
        T.writes(A_red[()])
        A_red[()] = A_red_temp_v0[()]

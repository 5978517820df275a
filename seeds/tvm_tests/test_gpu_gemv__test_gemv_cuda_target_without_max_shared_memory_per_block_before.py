# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((1, 1, 1, 128), "float16"), B: T.Buffer((1, 1, 64, 128), "float16"), C: T.Buffer((1, 1, 1, 64), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3, k in T.grid(1, 1, 1, 64, 128):
        with T.sblock("NT_matmul"):
            v_i0, v_i1, v_i2, v_i3, v_k = T.axis.remap("SSSSR", [i0, i1, i2, i3, k])
            T.reads(A[v_i0, v_i1, v_i2, v_k], B[v_i0, v_i1, v_i3, v_k])
            T.writes(C[v_i0, v_i1, v_i2, v_i3])
            with T.init():
                C[v_i0, v_i1, v_i2, v_i3] = T.float16(0.0)
            C[v_i0, v_i1, v_i2, v_i3] = C[v_i0, v_i1, v_i2, v_i3] + A[v_i0, v_i1, v_i2, v_k] * B[v_i0, v_i1, v_i3, v_k]

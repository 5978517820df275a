# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((8, 4), "float32"), B: T.Buffer((8, 6), "float32"), T_matmul_TN: T.Buffer((4, 6), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, k in T.grid(4, 6, 8):
        with T.sblock("T_matmul_TN"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(A[v_k, v_i0], B[v_k, v_i1])
            T.writes(T_matmul_TN[v_i0, v_i1])
            with T.init():
                T_matmul_TN[v_i0, v_i1] = T.float32(0.0)
            T_matmul_TN[v_i0, v_i1] = T_matmul_TN[v_i0, v_i1] + A[v_k, v_i0] * B[v_k, v_i1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 5), "int32"), B: T.Buffer((7, 5), "int32"), T_matmul_NT: T.Buffer((3, 7), "int32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, k in T.grid(3, 7, 5):
        with T.sblock("T_matmul_NT"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(A[v_i0, v_k], B[v_i1, v_k])
            T.writes(T_matmul_NT[v_i0, v_i1])
            with T.init():
                T_matmul_NT[v_i0, v_i1] = 0
            T_matmul_NT[v_i0, v_i1] = T_matmul_NT[v_i0, v_i1] + A[v_i0, v_k] * B[v_i1, v_k]

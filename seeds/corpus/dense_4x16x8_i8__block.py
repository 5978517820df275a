# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 16), "int8"), B: T.Buffer((8, 16), "int8"), T_matmul_NT: T.Buffer((4, 8), "int32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, k in T.grid(4, 8, 16):
        with T.sblock("T_matmul_NT"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(A[v_i0, v_k], B[v_i1, v_k])
            T.writes(T_matmul_NT[v_i0, v_i1])
            with T.init():
                T_matmul_NT[v_i0, v_i1] = 0
            T_matmul_NT[v_i0, v_i1] = T_matmul_NT[v_i0, v_i1] + T.Cast("int32", A[v_i0, v_k]) * T.Cast("int32", B[v_i1, v_k])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 4, 8), "int8"), B: T.Buffer((2, 4, 8), "int8"), T_batch_matmul_NT: T.Buffer((2, 4, 4), "int32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    for b, i, j, k in T.grid(2, 4, 4, 8):
        with T.sblock("T_batch_matmul_NT"):
            v_b, v_i, v_j, v_k = T.axis.remap("SSSR", [b, i, j, k])
            T.reads(A[v_b, v_i, v_k], B[v_b, v_j, v_k])
            T.writes(T_batch_matmul_NT[v_b, v_i, v_j])
            with T.init():
                T_batch_matmul_NT[v_b, v_i, v_j] = 0
            T_batch_matmul_NT[v_b, v_i, v_j] = T_batch_matmul_NT[v_b, v_i, v_j] + T.Cast("int32", A[v_b, v_i, v_k]) * T.Cast("int32", B[v_b, v_j, v_k])

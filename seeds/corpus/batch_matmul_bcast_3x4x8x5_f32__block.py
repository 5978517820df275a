# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 4, 8), "float32"), B: T.Buffer((1, 5, 8), "float32"), T_batch_matmul_NT: T.Buffer((3, 4, 5), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    for b, i, j, k in T.grid(3, 4, 5, 8):
        with T.sblock("T_batch_matmul_NT"):
            v_b, v_i, v_j, v_k = T.axis.remap("SSSR", [b, i, j, k])
            T.reads(A[v_b, v_i, v_k], B[0, v_j, v_k])
            T.writes(T_batch_matmul_NT[v_b, v_i, v_j])
            with T.init():
                T_batch_matmul_NT[v_b, v_i, v_j] = T.float32(0.0)
            T_batch_matmul_NT[v_b, v_i, v_j] = T_batch_matmul_NT[v_b, v_i, v_j] + A[v_b, v_i, v_k] * B[0, v_j, v_k]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 16), "float32"), B: T.Buffer((8, 16), "float32"), bias: T.Buffer((8,), "float32"), T_add: T.Buffer((4, 8), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    T_matmul_NT = T.sblock_alloc_buffer((4, 8))
    compute = T.sblock_alloc_buffer((8,))
    for i0, i1, k in T.grid(4, 8, 16):
        with T.sblock("T_matmul_NT"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(A[v_i0, v_k], B[v_i1, v_k])
            T.writes(T_matmul_NT[v_i0, v_i1])
            with T.init():
                T_matmul_NT[v_i0, v_i1] = T.float32(0.0)
            T_matmul_NT[v_i0, v_i1] = T_matmul_NT[v_i0, v_i1] + A[v_i0, v_k] * B[v_i1, v_k]
    for i0 in range(8):
        with T.sblock("compute"):
            v_i0 = T.axis.spatial(8, i0)
            T.reads(bias[v_i0])
            T.writes(compute[v_i0])
            compute[v_i0] = bias[v_i0]
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_matmul_NT[v_ax0, v_ax1], compute[v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_matmul_NT[v_ax0, v_ax1] + compute[v_ax1]

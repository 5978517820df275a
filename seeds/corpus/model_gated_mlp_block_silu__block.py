# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(matmul: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32"), T_multiply: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    compute = T.sblock_alloc_buffer((T.int64(1), T.int64(3), T.int64(16)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(16)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(matmul[v_i0, v_i1, v_i2])
            T.writes(compute[v_i0, v_i1, v_i2])
            compute[v_i0, v_i1, v_i2] = T.sigmoid(matmul[v_i0, v_i1, v_i2])
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(3), T.int64(16)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(matmul[v_ax0, v_ax1, v_ax2], compute[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = matmul[v_ax0, v_ax1, v_ax2] * compute[v_ax0, v_ax1, v_ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(add3: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32"), T_multiply: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_multiply_1 = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(32)))
    compute = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(32)))
    T_multiply_2 = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(32)))
    T_add = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(32)))
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(add3[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply_1[v_ax0, v_ax1, v_ax2])
            T_multiply_1[v_ax0, v_ax1, v_ax2] = add3[v_ax0, v_ax1, v_ax2] * T.float32(0.70710678118654757)
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(T_multiply_1[v_i0, v_i1, v_i2])
            T.writes(compute[v_i0, v_i1, v_i2])
            compute[v_i0, v_i1, v_i2] = T.erf(T_multiply_1[v_i0, v_i1, v_i2])
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("T_multiply_1"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(compute[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply_2[v_ax0, v_ax1, v_ax2])
            T_multiply_2[v_ax0, v_ax1, v_ax2] = compute[v_ax0, v_ax1, v_ax2] * T.float32(0.5)
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_multiply_2[v_ax0, v_ax1, v_ax2])
            T.writes(T_add[v_ax0, v_ax1, v_ax2])
            T_add[v_ax0, v_ax1, v_ax2] = T.float32(0.5) + T_multiply_2[v_ax0, v_ax1, v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(32)):
        with T.sblock("T_multiply_2"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(add3[v_ax0, v_ax1, v_ax2], T_add[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = add3[v_ax0, v_ax1, v_ax2] * T_add[v_ax0, v_ax1, v_ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 16), "float32"), w: T.Buffer((16,), "float32"), T_cast: T.Buffer((4, 16), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_cast_1 = T.sblock_alloc_buffer((4, 16))
    T_multiply = T.sblock_alloc_buffer((4, 16))
    T_multiply_red = T.sblock_alloc_buffer((4,))
    rsqrt = T.sblock_alloc_buffer((4,))
    T_cast_2 = T.sblock_alloc_buffer((16,))
    T_rms_norm = T.sblock_alloc_buffer((4, 16))
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_cast_1[v_ax0, v_ax1])
            T_cast_1[v_ax0, v_ax1] = A[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_cast_1[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = T_cast_1[v_ax0, v_ax1] * T_cast_1[v_ax0, v_ax1]
    for ax0, k1 in T.grid(4, 16):
        with T.sblock("T_multiply_red"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(T_multiply[v_ax0, v_k1])
            T.writes(T_multiply_red[v_ax0])
            with T.init():
                T_multiply_red[v_ax0] = T.float32(0.0)
            T_multiply_red[v_ax0] = T_multiply_red[v_ax0] + T_multiply[v_ax0, v_k1]
    for ax0 in range(4):
        with T.sblock("rsqrt"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(T_multiply_red[v_ax0])
            T.writes(rsqrt[v_ax0])
            rsqrt[v_ax0] = T.rsqrt(T_multiply_red[v_ax0] / T.float32(16.0) + T.float32(1.0000000000000001e-05))
    for ax0 in range(16):
        with T.sblock("T_cast_1"):
            v_ax0 = T.axis.spatial(16, ax0)
            T.reads(w[v_ax0])
            T.writes(T_cast_2[v_ax0])
            T_cast_2[v_ax0] = w[v_ax0]
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_rms_norm"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(rsqrt[v_ax0], T_cast_1[v_ax0, v_ax1], T_cast_2[v_ax1])
            T.writes(T_rms_norm[v_ax0, v_ax1])
            T_rms_norm[v_ax0, v_ax1] = rsqrt[v_ax0] * T_cast_1[v_ax0, v_ax1] * T_cast_2[v_ax1]
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_cast_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_rms_norm[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T_rms_norm[v_ax0, v_ax1]

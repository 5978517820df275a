# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(permute_dims5: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(8)), "float32"), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(16)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(permute_dims5[T.int64(0), (v_ax2 // T.int64(16) + v_ax1) % T.int64(4), v_ax2 % T.int64(16) // T.int64(8), v_ax2 % T.int64(8)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2])
            T_reshape[v_ax0, v_ax1, v_ax2] = permute_dims5[T.int64(0), (v_ax2 // T.int64(16) + v_ax1) % T.int64(4), v_ax2 % T.int64(16) // T.int64(8), v_ax2 % T.int64(8)]

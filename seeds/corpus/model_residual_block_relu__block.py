# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(group_norm: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32"), compute: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(4), T.int64(6), T.int64(6)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(group_norm[v_i0, v_i1, v_i2, v_i3])
            T.writes(compute[v_i0, v_i1, v_i2, v_i3])
            compute[v_i0, v_i1, v_i2, v_i3] = T.max(group_norm[v_i0, v_i1, v_i2, v_i3], T.float32(0.0))

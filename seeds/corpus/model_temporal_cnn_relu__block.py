# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv1d: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32"), compute: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(8), T.int64(12)):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(conv1d[v_i0, v_i1, v_i2])
            T.writes(compute[v_i0, v_i1, v_i2])
            compute[v_i0, v_i1, v_i2] = T.max(conv1d[v_i0, v_i1, v_i2], T.float32(0.0))

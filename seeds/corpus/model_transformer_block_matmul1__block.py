# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(permute_dims1: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(8)), "float32"), permute_dims4: T.Buffer((T.int64(1), T.int64(2), T.int64(8), T.int64(4)), "float32"), matmul: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3, k in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(8)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_i3, v_k = T.axis.remap("SSSSR", [i0, i1, i2, i3, k])
            T.reads(permute_dims1[v_i0, v_i1, v_i2, v_k], permute_dims4[v_i0, v_i1, v_k, v_i3])
            T.writes(matmul[v_i0, v_i1, v_i2, v_i3])
            with T.init():
                matmul[v_i0, v_i1, v_i2, v_i3] = T.float32(0.0)
            matmul[v_i0, v_i1, v_i2, v_i3] = matmul[v_i0, v_i1, v_i2, v_i3] + permute_dims1[v_i0, v_i1, v_i2, v_k] * permute_dims4[v_i0, v_i1, v_k, v_i3]

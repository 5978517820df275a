# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(h: T.Buffer((T.int64(2), T.int64(6)), "float32"), permute_dims1: T.Buffer((T.int64(6), T.int64(18)), "float32"), matmul: T.Buffer((T.int64(2), T.int64(18)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, k in T.grid(T.int64(2), T.int64(18), T.int64(6)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(h[v_i0, v_k], permute_dims1[v_k, v_i1])
            T.writes(matmul[v_i0, v_i1])
            with T.init():
                matmul[v_i0, v_i1] = T.float32(0.0)
            matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + h[v_i0, v_k] * permute_dims1[v_k, v_i1]

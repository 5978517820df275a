# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(x: T.Buffer((T.int64(2), T.int64(8)), "float16"), permute_dims: T.Buffer((T.int64(8), T.int64(12)), "float16"), matmul: T.Buffer((T.int64(2), T.int64(12)), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, k in T.grid(T.int64(2), T.int64(12), T.int64(8)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(x[v_i0, v_k], permute_dims[v_k, v_i1])
            T.writes(matmul[v_i0, v_i1])
            with T.init():
                matmul[v_i0, v_i1] = T.float16(0.0)
            matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + x[v_i0, v_k] * permute_dims[v_k, v_i1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(mul: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32"), permute_dims2: T.Buffer((T.int64(16), T.int64(8)), "float32"), matmul: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, k in T.grid(T.int64(1), T.int64(3), T.int64(8), T.int64(16)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(mul[v_i0, v_i1, v_k], permute_dims2[v_k, v_i2])
            T.writes(matmul[v_i0, v_i1, v_i2])
            with T.init():
                matmul[v_i0, v_i1, v_i2] = T.float32(0.0)
            matmul[v_i0, v_i1, v_i2] = matmul[v_i0, v_i1, v_i2] + mul[v_i0, v_i1, v_k] * permute_dims2[v_k, v_i2]

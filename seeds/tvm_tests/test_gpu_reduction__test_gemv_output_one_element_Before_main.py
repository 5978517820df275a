# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((T.int64(1), T.int64(2048)), "float16"), weight: T.Buffer((T.int64(1), T.int64(2048)), "float16"), out: T.Buffer((T.int64(1), T.int64(1)), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    NT_matmul_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(1)), "float16")
    for i0, i1, k in T.grid(T.int64(1), T.int64(1), T.int64(2048)):
        with T.sblock("NT_matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(A[v_i0, v_k], weight[v_i1, v_k])
            T.writes(NT_matmul_intermediate[v_i0, v_i1])
            with T.init():
                NT_matmul_intermediate[v_i0, v_i1] = T.float16(0.0)
            NT_matmul_intermediate[v_i0, v_i1] = NT_matmul_intermediate[v_i0, v_i1] + A[v_i0, v_k] * weight[v_i1, v_k]
    for i0, i1 in T.grid(T.int64(1), T.int64(1)):
        with T.sblock("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(NT_matmul_intermediate[v_i0, v_i1])
            T.writes(out[v_i0, v_i1])
            out[v_i0, v_i1] = T.sigmoid(NT_matmul_intermediate[v_i0, v_i1])

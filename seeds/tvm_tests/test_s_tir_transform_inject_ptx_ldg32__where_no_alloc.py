# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    T.func_attr({"target": T.target({"arch": "sm_50", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.noalias": True})
    for i in range(4):
        C[i] = T.if_then_else(A[i] > T.float32(0.0), A[i], T.float32(0.0))

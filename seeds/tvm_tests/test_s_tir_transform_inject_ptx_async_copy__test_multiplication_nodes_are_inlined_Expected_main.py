# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((32, 128), "float16")):
    tx = T.launch_thread("threadIdx.x", T.int64(32))
    A_flattened = A.view(4096)
    A_shared = T.alloc_shared((4096,), "float16")
    for i in range(16):
        cse_v1: T.int64 = T.Cast("int64", i)
        T.s_tir.cp_async_raw("float16", A_shared.data, tx * T.int64(128) + cse_v1 * T.int64(8), A_flattened.data, tx * T.int64(128) + cse_v1 * T.int64(8), 16)
    T.ptx.cp("async", "commit_group", "")
    T.ptx.cp(0, "async", "wait_group", "")

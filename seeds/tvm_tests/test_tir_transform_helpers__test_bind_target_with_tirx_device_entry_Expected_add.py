# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32) -> T.int32:
    T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    return a + b

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func():
    T.func_attr({"target": T.target({"keys": ["cuda", "gpu"], "kind": "nvptx", "max_num_threads": 1024, "mcpu": "sm_50", "mtriple": "nvptx64-nvidia-cuda", "tag": "", "thread_warp_size": 32})})
    T.evaluate(0)

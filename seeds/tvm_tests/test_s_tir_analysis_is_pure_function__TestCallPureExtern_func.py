# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func():
    T.call_pure_extern("void", "some_pure_extern_func_name")

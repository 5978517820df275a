# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32) -> T.int32:
    return a + b

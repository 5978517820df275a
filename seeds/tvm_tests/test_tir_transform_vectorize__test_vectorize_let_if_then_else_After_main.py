# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    for i_s in range(4):
        if i_s < 2:
            result: T.let[T.int32] = T.if_then_else(i_s < 1, 1, 2)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    for i in T.unroll(2):
        buf = T.alloc_buffer((16,))
        buf[0] = T.float32(0.0)

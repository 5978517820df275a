# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main():
    buf1 = T.alloc_buffer((16,))
    buf1[0] = T.float32(0.0)
    buf2 = T.alloc_buffer((16,))
    buf2[0] = T.float32(0.0)

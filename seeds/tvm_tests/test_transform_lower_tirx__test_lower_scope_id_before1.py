# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([3, 4, 5])
    tx = T.thread_id([32])
    T.evaluate(bx + by + bz + tx)

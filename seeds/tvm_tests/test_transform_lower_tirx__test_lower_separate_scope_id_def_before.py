# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.attr({"tirx.device_entry": T.bool(True)})
    v = T.cta_id([1])
    tx = T.thread_id([128])
    if tx == 0:
        T.evaluate(tx)

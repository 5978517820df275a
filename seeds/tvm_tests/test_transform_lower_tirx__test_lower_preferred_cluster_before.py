# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.attr({"tirx.device_entry": T.bool(True)})
    bx = T.cta_id([8])
    cbx, cby = T.cta_id_in_cluster([2, 1], preferred=[2, 2])
    tx = T.thread_id([128])
    T.evaluate(bx + cbx + cby + tx)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.attr({"tirx.device_entry": T.bool(True)})
    cbx, cby, cbz = T.cta_id_in_cluster([2, 2, 2])
    bx, by, bz = T.cta_id([8, 8, 8])
    warp_id = T.warp_id([4])
    lane_id = T.lane_id([32])
    T.evaluate(bx + by + bz + warp_id + lane_id + cbx + cby + cbz)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([8, 10, 12])
    cbx, cby, cbz = T.cta_id_in_cluster([2, 2, 1])
    clx, cly, clz = T.cluster_id([4, 5, 12])
    wg_id = T.warpgroup_id([3])
    warp_id_in_wg = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    tid_in_wg = T.thread_id_in_wg([128])
    T.evaluate(bx + by + bz)
    T.evaluate(cbx + cby + cbz)
    T.evaluate(clx + cly + clz)
    T.evaluate(wg_id + warp_id_in_wg + lane_id + tid_in_wg)

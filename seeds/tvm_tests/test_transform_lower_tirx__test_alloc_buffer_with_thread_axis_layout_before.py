# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(out: T.Buffer((128, 4), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    v = T.warpgroup_id([1])
    warp_id = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    reg_wg = T.alloc_local((128, 4), layout=T.TileLayout(T.S[(128, 4):(1 @ Axis.tid_in_wg, 1)]))
    reg = reg_wg.local()
    for i in range(4):
        reg[i] = out[lane_id + warp_id * 32, i]

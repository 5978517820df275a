# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((16,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    v = T.cta_id([1])
    wg_id = T.warpgroup_id([2])
    warp_id = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    if wg_id == 0:
        A[warp_id] = T.Cast("float32", lane_id)

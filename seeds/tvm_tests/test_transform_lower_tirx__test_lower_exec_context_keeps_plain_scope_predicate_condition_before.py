# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((1,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    v = T.cta_id([1])
    wg_id = T.warpgroup_id([2])
    v_1 = T.warp_id_in_wg([4])
    v_2 = T.lane_id([32])
    if wg_id == 0:
        A = T.float32(1.0)

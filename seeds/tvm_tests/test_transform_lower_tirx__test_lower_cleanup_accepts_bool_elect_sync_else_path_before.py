# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((32,), "int32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    v = T.cta_id([1])
    v_1 = T.warp_id([1])
    lane_id = T.lane_id([32])
    if T.cuda.elect_sync() != T.uint32(0):
        A[lane_id] = 1
    else:
        A[lane_id] = 0

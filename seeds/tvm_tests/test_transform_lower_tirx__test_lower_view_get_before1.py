# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(in_buf: T.Buffer((64,), "float32"), out: T.Buffer((64,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    v = T.warp_id([1])
    lane_id = T.lane_id([32])
    A = T.alloc_local((2,), "float16")
    B = A.view(64, layout=T.TileLayout(T.S[(32, 2):(1 @ Axis.laneid, 1)]))
    A_local = B.local()
    for i in T.vectorized(2):
        A_local[i] = T.Cast("float16", in_buf[lane_id * 2 + i])
    B_1 = A.view(64, layout=T.TileLayout(T.S[(32, 2):(1 @ Axis.laneid, 1)]))
    A_local_1 = B_1.local()
    for i in T.vectorized(2):
        out[lane_id * 2 + i] = T.Cast("float32", A_local_1[i])

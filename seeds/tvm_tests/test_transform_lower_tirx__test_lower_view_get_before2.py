# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(in_buf: T.Buffer((16, 16), "float32"), out: T.Buffer((16, 16), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    v = T.warp_id([1])
    lane_id = T.lane_id([32])
    A = T.alloc_local((4, 2), layout=T.TileLayout(T.S[8:1]))
    B = A.view(16, 16, layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(4, 4 @ Axis.laneid, 2, 1 @ Axis.laneid, 1)]))
    A_local = B.local(2, 2, 2)
    for i in T.unroll(4):
        for j in T.vectorized(2):
            A_local[i // 2, i % 2, j] = in_buf[i // 2 * 8 + lane_id // 4, i % 2 * 8 + lane_id % 4 + j]
    B_1 = A.view(16, 16, layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(4, 4 @ Axis.laneid, 2, 1 @ Axis.laneid, 1)]))
    A_local_1 = B_1.local()
    for i in T.vectorized(2):
        out[lane_id // 4 * 8 + i // 2 * 8 + lane_id % 4, lane_id % 4 * 2 + i % 2] = A_local_1[i]

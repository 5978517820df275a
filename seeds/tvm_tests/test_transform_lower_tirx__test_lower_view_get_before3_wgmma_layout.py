# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(in_buf: T.Buffer((128, 128), "float32"), out: T.Buffer((128, 128), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    wg_id = T.warpgroup_id([2])
    warp_id_in_wg = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    acc = T.alloc_local((64,), layout=T.TileLayout(T.S[(2, 16, 2):(2, 4, 1)]))
    A = acc.view(128, 128, layout=T.TileLayout(T.S[(8, 2, 8, 16, 4, 2):(1 @ Axis.warpid, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    acc_local = A.local(16, 2, 2, layout=T.TileLayout(T.S[(2, 16, 2):(2, 4, 1)]))
    for i in range(16):
        for j in T.unroll(2):
            for vec in T.vectorized(2):
                acc_local[i, j, vec] = in_buf[wg_id * 64 + warp_id_in_wg * 16 + j * 8 + lane_id // 4, i * 8 + lane_id % 4 * 2 + vec]
    A_1 = acc.view(128, 128, layout=T.TileLayout(T.S[(8, 2, 8, 16, 4, 2):(1 @ Axis.warpid, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    acc_local_1 = A_1.local(layout=T.TileLayout(T.S[(2, 16, 2):(2, 4, 1)]))
    for i in range(16):
        for j in T.unroll(2):
            for vec in T.vectorized(2):
                out[wg_id * 64 + warp_id_in_wg * 16 + j * 8 + lane_id // 4, i * 8 + lane_id % 4 * 2 + vec] = acc_local_1[i * 4 + j * 2 + vec]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((128, 32), "float16")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx, by, bz = T.cta_id([1, 1, 1])
    v = T.warp_id([4])
    v_1 = T.lane_id([32])
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[512:1])))
    for tile in range(4):
        for vec in T.vectorized(8):
            A_smem[tile * 32 + tid // 4, tid % 4 * 8 + vec] = A[bx * 128 + (tile * 32 + tid // 4), tid % 4 * 8 + vec]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
    v: T.let[T.int32] = blockIdx_x
    tx: T.let[T.int32] = threadIdx_x
    T.evaluate(v)
    if tx == 0:
        T.evaluate(tx)

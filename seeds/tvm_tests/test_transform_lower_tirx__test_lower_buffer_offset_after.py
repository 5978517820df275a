# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
    v: T.let[T.int32] = blockIdx_x
    v_1: T.let[T.int32] = threadIdx_x
    T.evaluate(v)
    T.evaluate(v_1)
    A = T.alloc_local((4096,), "float16", layout=None)
    A0 = T.decl_buffer((64,), "float16", data=A.data, elem_offset=2080, scope="local", layout=None)
    T.address_of(A0[32])

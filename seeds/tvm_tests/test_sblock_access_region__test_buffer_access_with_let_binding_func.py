# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(storage: T.Buffer((16, 16, 16), "float32"), seq_slot_ids: T.Buffer((16,), "int32"), history_slot_ids: T.Buffer((16,), "int32"), output: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    for i, s in T.grid(16, 16):
        with T.sblock("copy"):
            vi, vs = T.axis.remap("SS", [i, s])
            T.reads(seq_slot_ids[vi], history_slot_ids[vi], storage[seq_slot_ids[vi], history_slot_ids[vi], vs])
            T.writes(output[vi, vs])
            seq_id: T.let[T.int32] = seq_slot_ids[vi]
            history_id: T.let[T.int32] = history_slot_ids[vi]
            output[vi, vs] = storage[seq_id, history_id, vs]

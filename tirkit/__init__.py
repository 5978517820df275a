"""The bottom layer: TIR helpers that the mutators, the seeds and the fuzzer share.

Nothing here knows about fuzzing: TVMScript in and out, well-formedness, node counts, lowering
block IR to plain IR, and the one-line form of a TVM error.
"""

"""TIR helpers shared by the fuzzer, the mutators, the seeds and triage."""

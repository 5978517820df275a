"""tzer: coverage-guided joint IR-pass fuzzing of TVM's low-level IR (TIR)."""

__version__ = "0.1.0"

"""The TIR passes a sequence may use, and the operators that mutate sequences."""
